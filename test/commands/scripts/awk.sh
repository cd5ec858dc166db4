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
#--
echo "a b c" | awk 'BEGIN{FS=""} {print NF, $2}'
#--
printf 'a1b22c333d\n' | awk 'BEGIN{RS="[0-9]+"} {print NR": "$0}'
#--
printf 'one\ntwo\n' | awk -v RS='\n' '{print}'
#--
awk -v s='a\tb\nc' 'BEGIN{print s}'
#--
awk 'BEGIN{print system("exit 3")}'
#--
awk 'BEGIN{system("echo from system"); print "after"}'
#--
awk 'BEGIN{ "date +%Y >/dev/null; echo 42" | getline x; r = close("date +%Y >/dev/null; echo 42"); print x, r }'
#--
awk 'BEGIN { print "b\nc\na" | "sort"; r = close("sort"); print "r=" r }'
#--
awk 'BEGIN { printf "err\n" > "/dev/stderr"; print "out" }' 2>/dev/null
#--
awk 'BEGIN { print "x" | "cat 1>&2" }' 2>&1
#--
awk 'BEGIN { a["x"]=1; a["y"]=2; delete a["x"]; for (k in a) print k }'
#--
awk 'BEGIN { a[1,2]=3; for (k in a) { split(k, p, SUBSEP); print p[1], p[2], a[k] } }'
#--
awk 'BEGIN { n = split("a:b:c", arr, /:/); print n, arr[3] }'
#--
awk 'BEGIN { n = split("a1b2c", arr, /[0-9]/); print n, arr[1] arr[2] arr[3] }'
#--
awk 'BEGIN { s = "hello"; print substr(s, 2, 3), length(s), index(s, "ll") }'
#--
awk 'BEGIN { x = "A"; y = x x; print y; print length(y) }'
#--
awk 'BEGIN { printf "%*d|%-*d|\n", 5, 42, 4, 7 }'
#--
awk 'BEGIN { printf "%5.2s|\n", "abc" }'
#--
awk 'BEGIN { printf "%c%c\n", 72, 105 }'
#--
awk 'BEGIN { print 1e3 == 1000, "1e3" == 1000, "abc" < "abd" }'
#--
echo "1e3 1000" | awk '{ print ($1 == $2) }'
#--
echo " 10 " | awk '{ x = $0; print (x == 10), (x < 9) }'
#--
awk 'BEGIN { print length() }' </dev/null
#--
echo "abc" | awk '{ print length }'
#--
awk 'BEGIN { while ((getline line < "nofile") > 0) n++; print n + 0 }'
#--
printf 'a\nb\n' > f; awk 'BEGIN { while ((getline line < "f") > 0) print "L:" line; close("f"); while ((getline line < "f") > 0) print "again:" line }'
#--
printf 'a\nb\nc\n' | awk 'NR==1 { getline; print "now", $0, NR } END { print NR }'
#--
awk 'BEGIN { ARGV[1] = "f2"; } { print FILENAME ": " $0 }' f1 2>/dev/null; printf 'x\n' > f2; awk 'BEGIN { ARGV[1] = "f2" } { print FILENAME ": " $0 }' f1
#--
printf 'x\n' > f; awk '{ print }' f nofile; echo st=$?
#--
awk 'BEGIN { exit } END { print "end ran" }'; echo st=$?
#--
echo x | awk '{ exit 4 } END { exit }'; echo st=$?
#--
awk 'function f(n) { if (n <= 1) return 1; return n * f(n-1) } BEGIN { print f(10), f(20) }'
#--
awk 'function g(a) { a["k"] = "v" } BEGIN { g(arr); print arr["k"] }'
#--
awk 'function h(x) { x = 5 } BEGIN { y = 1; h(y); print y }'
#--
awk 'BEGIN { x; if (x == "") print "empty"; if (x == 0) print "zero" }'
#--
awk 'BEGIN { if (!(3 in a)) print "not in"; a[3]; if (3 in a) print "in now" }'
#--
awk 'BEGIN { s = "aaa"; print gsub(/a/, "\\&", s), s }'
#--
awk 'BEGIN { s = "abc"; sub(/b/, "[&&]", s); print s }'
#--
awk 'BEGIN { s = "a.b"; gsub(".", "-", s); print s }'
#--
awk 'BEGIN { s = "foo"; print toupper(s) tolower("BAR") }'
#--
awk 'BEGIN { print match("foobar", "o+"), RSTART, RLENGTH }'
#--
awk 'BEGIN { print match("foobar", /z/), RSTART, RLENGTH }'
#--
awk 'BEGIN { print substr("hello", 0), substr("hello", -1), substr("hello", 2, 0) "|" }'
#--
awk 'BEGIN { printf "%d %d\n", "12abc", "-3.9" }'
#--
awk 'BEGIN { printf "%s|%s\n", 0.1 + 0.2, 100 / 3 }'
#--
awk 'BEGIN { x = 0.1 + 0.2; y = x ""; print (y == "0.3") }'
#--
awk 'BEGIN { OFS = "-"; $0 = "a b c"; $1 = $1; print; print NF }'
#--
awk 'BEGIN { $0 = "a b c"; $5 = "e"; print; print NF }'
#--
awk 'BEGIN { $0 = "a b c"; NF = 2; print $0 "|" }'
#--
awk 'BEGIN { $3 = "x"; print NF, "[" $0 "]" }'
#--
printf 'a:b\n' | awk -F: -v OFS=: '{ $2 = "B"; print }'
#--
printf 'a  b\n' | awk '{ print $2 }'
#--
printf 'a  b\n' | awk -F' ' '{ print $2 }'
#--
printf 'a\tb c\n' | awk -F'\t' '{ print $2 }'
#--
printf 'a|b|c\n' | awk -F'|' '{ print $3 }'
#--
printf 'a.b.c\n' | awk -F. '{ print $2 }'
#--
printf 'aXXbXc\n' | awk -FXX '{ print $2 }'
#--
printf 'key = value\n' | awk -F' *= *' '{ print $2 }'
#--
printf '1\n2\n' | awk 'END { print NR, $0 }'
#--
printf 'a\n' | awk '{ $0 = "x y z"; print NF } END { print $2 }'
#--
awk 'BEGIN { CONVFMT = "%d"; a = 3.9; b = a ""; print b }'
#--
awk 'BEGIN { OFMT = "%.1f"; print 3.14159, 10, 2.5 }'
#--
awk 'BEGIN { x = 17; printf "%o %x %X %e %E\n", x, x, x, x, x }'
#--
awk 'BEGIN { printf "%g %g %g %g\n", 0.00001234, 123456789, 100, 1e100 }'
#--
awk 'BEGIN { printf "%.10g\n", 1/3 }'
#--
awk 'BEGIN { print -5 % 3, 5 % -3, int(-0.5), int("3abc") }'
#--
awk 'BEGIN { print 2^0.5, 10^-2 }'
#--
awk 'BEGIN { print atan2(0, -1), sin(0), cos(0), exp(1) }'
#--
awk 'BEGIN { print index("abc", "c"), index("abc", "") }'
#--
awk 'BEGIN { n = split("  a  b  ", arr); print n, "[" arr[1] "]" }'
#--
awk 'BEGIN { n = split("a b", arr, ""); print n }'
#--
echo "test" | awk '{ sub(/t$/, "T"); print }'
#--
echo "aaa" | awk '{ print gsub(/^a/, "b"), $0 }'
#--
echo "hello world" | awk '{ gsub(/o/, "&&"); print }'
#--
echo "path/to/file" | awk '{ n = split($0, p, "/"); print p[n] }'
#--
echo "a b c" | awk '{ for (i = NF; i >= 1; i--) printf "%s%s", $i, (i == 1 ? "\n" : " ") }'
#--
printf '3 apples\n5 pears\n' | awk '{ total += $1 } END { printf "total: %d\n", total }'
#--
printf 'x 1\ny 2\nx 3\n' | awk '{ s[$1] += $2 } END { n = 0; for (k in s) n++; print n, s["x"], s["y"] }'
#--
printf 'b\na\nc\n' | awk '{ print | "sort -r" } END { close("sort -r"); print "done" }'
#--
awk 'BEGIN { printf("%s %s\n", "a", "b") }'
#--
awk 'BEGIN { print "a" "b", "c" }'
#--
awk 'BEGIN { print 1==1 ? "yes" : "no" }'
#--
awk 'BEGIN { i = 5; print i++ + ++i, i }'
#--
awk 'BEGIN { print !0, !1, !"", !"a", - -3 }'
#--
awk 'BEGIN { print (1, 2) in a }'
#--
awk 'BEGIN { print length("a\tb") }'
#--
awk 'BEGIN { s = sprintf("%5s", "ab"); gsub(/ /, ".", s); print s }'
#--
awk 'BEGIN { getline; print "got " $0 }' <<< "input line"
#--
awk 'BEGIN { while ("echo a; echo b" | getline l) print "L=" l }'
#--
awk '{ print $1 }' <<< $'x y\nz w'
#--
awk -f /dev/null; echo st=$?
#--
awk 'BEGIN { printf "a\n" > "o1"; printf "b\n" > "o1"; close("o1"); getline l < "o1"; print l; getline l < "o1"; print l }'
#--
awk 'BEGIN { print > "o2"; close("o2") }'; wc -c < o2
#--
awk 'BEGIN { print "a" >> "o3"; print "b" >> "o3" }'; cat o3
#--
awk '/^#/ { next } { print }' <<< $'#c\nx'
#--
printf 'a b\n' | awk '{ $2 = ""; print NF ":" $0 ":" }'
#--
awk 'BEGIN { printf "%d%%\n", 50 }'
#--
awk 'BEGIN { printf "%5.1f%%\n", 12.345 }'
#--
awk 'BEGIN { x["a"]; print length(x) }'
#--
awk 'BEGIN { print substr("hello", 2.7, 2.2) }'
#--
awk 'BEGIN { print int(2147483648), int(-2147483649) }'
#--
awk 'BEGIN { print 2147483647 + 1 }'
#--
awk 'BEGIN { print 1000000 * 1000 }'
#--
awk 'BEGIN { x = 4294967296; print x, x / 2, x % 7 }'
#--
echo 3000000000 | awk '{ print $1, $1 + 0, $1 * 1 }'
#--
echo 3000000000 | awk '{ printf "%d %s %.0f\n", $1, $1, $1 }'
#--
seq 1 3 | awk '{ s += $1 * 1000000000 } END { print s }'
#--
awk 'BEGIN { srand(42); a = rand(); srand(42); b = rand(); print (a == b) }'
#--
awk 'BEGIN { printf "%c", 65; printf "%c\n", "BC" }'
#--
echo | awk '{ print NF, length($0) }'
#--
printf '\n\n' | awk 'END { print NR }'
#--
printf 'a' | awk '{ print $0 "!" }'
#--
printf 'a\r\nb\r\n' | awk '{ print length($0) }'
#--
printf 'x y\n' | awk '{ print; $0 = toupper($0); print $1 }'
#--
awk 'BEGIN { x = "abc"; print x ~ /b/ ? "m" : "n" }'
#--
awk 'BEGIN { re = "^a.c$"; print ("abc" ~ re), ("abcd" ~ re) }'
#--
awk 'BEGIN { print "a.c" ~ /a\.c/, "abc" ~ /a\.c/ }'
#--
awk 'BEGIN { print "a+b" ~ /a\+b/, "aab" ~ /a+b/ }'
#--
awk 'BEGIN { print "ab" ~ /^(a|b)+$/, "abc" ~ /^[[:alpha:]]+$/ }'
#--
awk 'BEGIN { print "aaa" ~ /a{2}/ }'
#--
awk 'BEGIN { print "a{2}" ~ /a\{2\}/ }'
#--
awk 'BEGIN { s = "x.y.z"; n = gsub(/\./, "/", s); print n, s }'
#--
awk 'BEGIN { s = "C:\\dir"; print s; gsub(/\\/, "/", s); print s }'
#--
awk 'BEGIN { print "tab\there", "nl\\n" }'
#--
awk 'BEGIN { print "\x41\102" }'
#--
awk 'BEGIN { print "\/" }'
#--
awk 'BEGIN { print substr("abcdef", 3) }' | awk '{ print length($0) }'
#--
echo 'a.b.c' | awk '{ gsub("\.", "-"); print }'
#--
echo 'a.b.c' | awk '{ n = split($0, p, "\."); print n, p[2] }'
#--
echo 'abc123' | awk '/[0-9]{3}/ { print "match" }'; echo 'a{2}' | awk '/a{2}/'
#--
awk -v 'v=a\qb' 'BEGIN { print v }'
#--
awk 'BEGIN{split("b a d c e", v); for(i=1;i<=5;i++) A[v[i]]=i; for(k in A) printf "%s ", k; print ""}'
#--
awk 'BEGIN{for(i=1;i<=12;i++) A[i]=i; for(k in A) printf "%s ", k; print ""}'
#--
awk 'BEGIN{A["x"];A["apple"];A["b"];A["zoo"];A["10"];A["9"]; for(k in A) printf "%s ", k; print ""}'
#--
printf 'apple\nbanana\ncherry\napple\ndate\nbanana\n' | awk '{c[$1]++} END{for(k in c) print k, c[k]}'
#--
awk 'BEGIN{n=split("z y x w", a); for (k in a) printf "%s=%s ", k, a[k]; print ""}'
#--
awk 'BEGIN{A[3];A[1];A[2];A["a"]; for(k in A) printf "%s ", k; print ""}'
#--
awk 'BEGIN{a[9]; for(k in a) print (k < 10)}'
#--
seq 1 200 | awk '{ a[$1] = $1 * 2 } END { for (k in a) printf "%s ", k; print "" }'
#--
seq 1 200 | awk '{ a[NR] = $1 } END { for (k in a) printf "%s ", k; print "" }'
#--
seq 1 1000 | awk '{ a["k" $1] } END { n = 0; for (k in a) { printf "%s ", k; if (++n > 40) break }; print "" }'
#--
seq 1 1000 | awk '{ a[$1 % 37]++ } END { for (k in a) printf "%s:%s ", k, a[k]; print "" }'
#--
printf 'the quick brown fox jumps over the lazy dog the end\n' | awk '{ for (i = 1; i <= NF; i++) w[$i]++ } END { for (k in w) print k, w[k] }'
#--
awk 'BEGIN { for (i = 0; i < 30; i++) a[i]; for (i = 0; i < 30; i += 3) delete a[i]; for (k in a) printf "%s ", k; print "" }'
#--
awk 'BEGIN { for (i = 0; i < 20; i++) a["x" i]; if ("x5" in a) x = 1; t = a["x9"]; for (k in a) printf "%s ", k; print "" }'
#--
awk 'BEGIN { a[1] = 1; a["1"] = 2; a[2]; a["b"]; for (k in a) printf "%s=%s ", k, a[k]; print "" }'
#--
awk 'BEGIN { a[1.5]; a[-3]; a[0]; a[""]; for (k in a) printf "[%s] ", k; print "" }'
#--
awk 'BEGIN { a["x", "y"] = 1; a[1, 2] = 2; for (k in a) { split(k, p, SUBSEP); printf "%s-%s ", p[1], p[2] }; print "" }'
#--
printf 'a 1\nb 2\nc 3\na 4\n' | awk '{ sum[$1] += $2; cnt[$1]++ } END { for (k in sum) printf "%s %.1f\n", k, sum[k] / cnt[k] }'
#--
awk 'BEGIN { n = split("c b a", arr); arr[n + 1] = "d"; for (k in arr) printf "%s ", k; print "" }'
#--
awk 'BEGIN { n = split("c b a", arr); x = arr["2"]; for (k in arr) printf "%s ", k; print "" }'
#--
awk 'BEGIN { for (i = 100; i > 0; i--) a[i]; for (k in a) printf "%s ", k; print "" }'
#--
awk 'BEGIN { for (i = 1; i <= 800; i++) a[i]; n = 0; for (k in a) { if (n++ < 30) printf "%s ", k }; print "" }'
#--
awk 'BEGIN { for (i = 1; i <= 800; i++) a["s" i]; n = 0; for (k in a) { if (n++ < 30) printf "%s ", k }; print "" }'
#--
awk 'function f(arr) { arr["z"]; arr["y"] } BEGIN { f(a); a["x"]; for (k in a) printf "%s ", k; print "" }'
#--
awk 'BEGIN { a["q"]; delete a; a["r"]; a["p"]; for (k in a) printf "%s ", k; print "" }'
