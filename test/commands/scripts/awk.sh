echo "3.14159" | awk '{printf "%.2f\n", $1}'
#--
awk 'BEGIN{printf "%5d|%-5d|%05d\n", 42, 42, 42}'
#--
awk 'BEGIN{printf "%x %X %o %e %g\n", 255, 255, 8, 12345.678, 0.0001234}'
#--
awk 'BEGIN{printf "%s %c %c\n", "str", 65, "hello"}'
#--
awk 'BEGIN{printf "%10.3s|\n", "abcdef"}'
#--
awk 'BEGIN{printf "%%|%5.1f%%\n", 99.44}'
#--
printf 'a b\nc d\na e\n' | awk '{c[$1]++} END{for(k in c) print k, c[k]}' | sort
#--
echo "a:b:c" | awk '{n=split($0, arr, ":"); for(i=1;i<=n;i++) print i, arr[i]}'
#--
echo "hello world" | awk '{gsub(/o/, "0"); print}'
#--
echo "hello world" | awk '{print substr($0, 7)}'
#--
echo "hello world" | awk '{print substr($0, 0, 3)}'
#--
printf 'a\nb\n' > f1; printf 'c\nd\n' > f2; awk '{print FILENAME, NR, FNR}' f1 f2
#--
awk -v x=5 -v name=bob 'BEGIN{print x*2, name}'
#--
awk 'BEGIN{print "start"} {print} END{print "end", NR}' <<< "line"
#--
printf 'k1 v1\nk2 v2\n' > map; awk 'BEGIN{while((getline line < "map") > 0) print "got", line}'
#--
printf 'k1 v1\nk2 v2\n' > map; printf 'k2\nk1\nk3\n' | awk 'NR==FNR{m[$1]=$2; next} {print $1, ($1 in m) ? m[$1] : "none"}' map -
#--
awk 'BEGIN{print x+0, x "", length(x)}'
#--
awk 'BEGIN{print 1/3}'
#--
awk 'BEGIN{OFMT="%.2f"; print 1/3; x=1/3; print x ""}'
#--
awk 'BEGIN{CONVFMT="%.2f"; x=1/3; print x ""; print x}'
#--
awk 'BEGIN{print 100000000, 1e6, 1e16, 123456789012}'
#--
awk 'BEGIN{print 0.1+0.2, 3.0, -0, 1e-5}'
#--
awk 'BEGIN{print ("a" < "b"), ("10" < "9"), (10 < 9)}'
#--
echo "10 9" | awk '{print ($1 < $2)}'
#--
echo "abc 9" | awk '{print ($1 < $2)}'
#--
printf '3\n1\n2\n' | awk '{s+=$1} END{print s, s/NR}'
#--
echo "a,b,c" | awk -F, '{print $2}'
#--
echo "a::b" | awk -F'::' '{print $2}'
#--
echo "a1b2c" | awk -F'[0-9]' '{print $1, $3, NF}'
#--
printf 'a b c\n' | awk '{$2=""; print}'
#--
printf 'a b c\n' | awk 'BEGIN{OFS="-"} {$1=$1; print}'
#--
printf 'a b c\n' | awk '{print NF, $NF, $(NF-1)}'
#--
printf 'x y\n' | awk '{print toupper($1) tolower("ABC")}'
#--
printf 'foo bar\n' | awk '{print index($0, "bar"), length($0), length}'
#--
printf 'foo123bar\n' | awk '{if (match($0, /[0-9]+/)) print RSTART, RLENGTH, substr($0, RSTART, RLENGTH)}'
#--
awk 'BEGIN{s = sprintf("%03d-%s", 7, "x"); print s}'
#--
awk 'BEGIN{x["a"]=1; delete x["a"]; print length(x)}'
#--
awk 'BEGIN{a[1]; if (1 in a) print "yes"; if (!(2 in a)) print "no"}'
#--
printf 'line1\nline2\nline3\n' | awk 'NR==2'
#--
printf 'line1\nline2\nline3\n' | awk 'NR>1 {print}'
#--
printf 'a\nb\nc\nd\n' | awk 'NR%2==0'
#--
printf 'x 1\ny 2\n' | awk '$2 > 1 {print $1}'
#--
printf 'start\na\nend\nb\n' | awk '/start/,/end/'
#--
awk 'BEGIN{n=split("a b  c", arr); print n, arr[3]}'
#--
awk 'BEGIN{n=split("", arr); print n}'
#--
awk 'BEGIN{s="aaa"; n=gsub(/a/, "b&b", s); print n, s}'
#--
awk 'BEGIN{s="hello"; sub(/l/, "\\&", s); print s}'
#--
awk 'BEGIN{print int(3.9), int(-3.9), sqrt(16), exp(0), log(1)}'
#--
awk 'BEGIN{print 7%3, -7%3, 2^10}'
#--
awk 'BEGIN { while (i < 3) { i++; if (i == 2) continue; print i } }'
#--
awk 'BEGIN { for (i = 0; i < 5; i++) { if (i == 3) break; print i } }'
#--
awk 'BEGIN { do { print "once" } while (0) }'
#--
awk 'function f(a, b) { return a + b } BEGIN { print f(2, 3) }'
#--
awk 'function g(arr) { arr["k"] = 1 } BEGIN { g(a); print a["k"] }'
#--
awk 'BEGIN { exit 3 } END { print "end runs" }'; echo st=$?
#--
printf 'a\n' | awk '{ exit 2 } END { print "end" }'; echo st=$?
#--
awk 'BEGIN { printf "no newline" }'; echo
#--
awk 'BEGIN { print "a" > "out.txt"; print "b" >> "out.txt"; close("out.txt"); while ((getline l < "out.txt") > 0) print "r:" l }'
#--
awk 'BEGIN { print "b\na" | "sort"; close("sort"); print "after" }'
#--
awk 'BEGIN { "echo hi" | getline x; print x }'
#--
awk 'BEGIN { cmd = "printf \"1\\n2\\n\""; while ((cmd | getline l) > 0) s += l; print s }'
#--
printf 'a b\n' | awk '{ print $1 > "/dev/stderr" }' 2>&1
#--
awk 'BEGIN { printf "%d %d\n", 3.99, -3.99 }'
#--
awk 'BEGIN { printf "%i\n", 42 }'
#--
awk 'BEGIN { printf "%5.2e\n", 123.456 }'
#--
awk 'BEGIN { printf "%G\n", 1e-10 }'
#--
awk 'BEGIN { printf "%-10s|%10s|\n", "left", "right" }'
#--
awk 'BEGIN { printf "%+d % d\n", 5, 5 }'
#--
awk 'BEGIN { printf "%#o %#x\n", 8, 255 }'
#--
awk 'BEGIN { printf "%.3d\n", 5 }'
#--
awk 'BEGIN { printf "%*d|\n", 6, 42 }'
#--
printf '1 2\n3 4\n' | awk '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? OFS : ORS) }'
#--
printf 'a\n\nb\nc\n\n\nd\n' | awk 'BEGIN { RS = "" } { print NR": "$0 }'
#--
printf 'a,b;c,d;' | awk 'BEGIN { RS = ";"; FS = "," } { print $2 }'
#--
printf 'x\n' | awk 'BEGIN { ORS = "|" } { print } END { printf "\n" }'
#--
printf 'a b c\n' | awk '{ NF = 2; print }'
#--
printf 'a b c\n' | awk '{ $5 = "e"; print; print NF }'
#--
printf '  lead  trail  \n' | awk '{ print "[" $1 "]" }'
#--
printf 'a\tb c\n' | awk -F'\t' '{ print $2 }'
#--
printf 'a b\n' | awk -v OFS=, '{ $1 = $1 } 1'
#--
awk 'BEGIN { x = "3x"; print x + 1, +"", -"2" }'
#--
awk 'BEGIN { print length() }' < /dev/null
#--
awk 'BEGIN { print substr("abc", 2, 100), substr("abc", 4), "|" substr("abc", 1.5, 1) "|" }'
#--
awk 'BEGIN { print index("abc", ""), index("", "a") }'
#--
printf '5\n10\n2\n' | awk 'max == "" || $1 > max { max = $1 } END { print max }'
#--
printf 'b 2\na 1\n' | awk '{ print $2, $1 | "sort -n" }'
#--
awk 'BEGIN { a["x"]=1; a["y"]=2; n = 0; for (k in a) n++; print n }'
#--
awk 'BEGIN { s = "A-B-C"; gsub("-", "+", s); print s }'
#--
awk 'BEGIN { s = "a.b.c"; gsub(".", "x", s); print s }'
#--
awk 'BEGIN { s = "a.b.c"; gsub(/\./, "x", s); print s }'
#--
echo "test" | awk '/te/ && !/x/ { print "m" }'
#--
echo 'a"b' | awk -F'"' '{ print $2 }'
#--
awk "BEGIN { print \"it's\" }"
#--
awk 'BEGIN { print 1 == 1.0, "1" == 1, "a" ~ /a/, "abc" ~ "^a" }'
#--
printf '1\n2\n3\n' | awk '{ sum += $0 } END { printf "avg=%.1f\n", sum / NR }'
#--
printf '1\n2\n3\n' | awk 'END { print $0, NF }'
#--
printf 'x\n' | awk '{ getline; print "after getline:", $0 }'
#--
printf 'a\nb\nc\n' | awk 'NR==1 { getline tmp; print "tmp=" tmp, "cur=" $0 }'
#--
awk 'BEGIN { srand(1); r = rand(); print (r >= 0 && r < 1) }'
#--
awk 'BEGIN { print substr("hello", 2) }' | awk '{ print length }'
#--
awk 'BEGIN { printf("%s\n", "paren") }'
#--
awk 'BEGIN { print 1e300 * 1e300 }'
#--
awk 'BEGIN { x = 010; print x }'
#--
awk 'BEGIN { print 2147483648 * 2, 2^53, 2^53 + 1 }'
#--
awk 'BEGIN { printf "%d\n", 2^31 }'
#--
awk 'BEGIN { print 123456789 * 1000 }'
#--
awk 'BEGIN { print 0.000001, 1234567.1 }'
#--
awk 'BEGIN { x[1]=1; x[2]=2; delete x; print length(x) }'
#--
awk '{ print }' nonexist; echo st=$?
#--
awk 'BEGIN { print substr("abcdef", 3, -1) "|" }'
#--
echo "a b c" | awk '{ $0 = "x y"; print NF, $2 }'
#--
awk 'BEGIN { getline line < "nonexist"; print "r=" (getline line < "nonexist") }'
#--
printf 'one\n' | awk '{ printf "%s", $0 } END { print "" }'
#--
awk 'BEGIN { print substr("x", 1, 0) "|" length(12345) }'
#--
awk 'BEGIN { print tolower(123) + 1 }'
#--
echo 'key=val=x' | awk -F= '{ print $2 }'
#--
echo 'a b' | awk '{ print $1$2 }'
#--
awk 'BEGIN { a = "10"; b = 9; print (a > b) ? "num" : "str" }'
#--
echo "10" | awk '{ a = $1; print (a > 9) ? "num" : "str" }'
#--
awk 'BEGIN { printf "%c", 256 }' | od -An -tx1
#--
awk 'BEGIN { printf "%c", "" }' | od -An -tx1
#--
awk 'BEGIN{printf "%.0f %.0f %.0f\n", 0.5, 1.5, 2.5}'
#--
awk 'BEGIN { x = 1; x++; ++x; print x--, x }'
#--
echo "1,2,3" | awk 'BEGIN{FS=","} {print $1+$2+$3}'
#--
echo "hello" | awk '{ n = split($0, c, ""); for (i=n; i>0; i--) printf "%s", c[i]; print "" }'
#--
printf 'a\nb\n' | awk -v RS='' '{ print NF }'
#--
printf 'name,age\nbob,30\nal,25\n' | awk -F, 'NR > 1 { print $1 }'
#--
printf 'name,age\nbob,30\nal,25\n' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i; next } { print h[1] "=" $1 }'
#--
awk 'BEGIN { printf "[%5s][%-5s]\n", 12, 12 }'
#--
awk 'BEGIN { print length(sprintf("%c", 0)) }'
#--
awk 'BEGIN { print substr("hello", 2, 3) > "/dev/stdout" }'
#--
awk -f /dev/stdin <<< 'BEGIN { print "from stdin prog" }'
#--
printf 'BEGIN { print "prog file" }\n' > p.awk; awk -f p.awk
#--
awk 'BEGIN { print ARGC, ARGV[1] }' foo
#--
printf 'x\n' > f; awk '{ print v, $0 }' v=1 f v=2 f
#--
awk 'BEGIN { print ENVIRON["HOME"] != "" }'
#--
awk 'BEGIN { print NR, NF, FILENAME "|" }'
#--
awk 'BEGIN{x="abc"; print x ~ "b", x ~ /^b/}'
#--
awk 'BEGIN { s = "foo bar foo"; print gsub(/foo/, "[&]", s), s }'
#--
awk 'BEGIN { s = "aaa"; sub(/a*/, "X", s); print s }'
#--
awk 'BEGIN { s = "abc"; gsub(//, "-", s); print s }'
#--
awk 'BEGIN { s = "abc"; gsub(/x*/, "-", s); print s }'
#--
awk 'BEGIN { print substr("abc", 0) }'
#--
awk 'BEGIN { printf "%s\n" }'
#--
awk 'BEGIN { print 1 " " 2, 3 }'
#--
awk 'BEGIN { print 1 - -1, 1 - - 1 }'
#--
awk 'BEGIN { $0 = "a b c"; print NF; $3 = ""; print NF }'
#--
awk 'BEGIN{ print index("foobar", "o") }'
#--
echo "5 apples" | awk '{ print $1 * 2 }'
#--
echo "3" | awk '{ print ($1 == 3.0) }'
#--
echo "3.0" | awk '{ print ($1 == 3) }'
#--
echo "abc" | awk '{ print ($1 == "abc") }'
#--
awk 'BEGIN{ printf "%s %d\n", 1e3, 1e3 }'
#--
awk 'BEGIN { n = split("2024-01-15", d, "-"); print d[1] + 0, d[2] + 0, d[3] }'
