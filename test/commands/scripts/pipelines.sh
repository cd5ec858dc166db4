mkdir -p src/a; printf 'x\n# TODO fix\n' > src/a/one.py; printf 'TODO: later\n' > src/two.py; printf 'nothing\n' > src/three.py; find src -name '*.py' | xargs grep -l TODO | sort
#--
mkdir -p proj; printf 'const a = 1\n// FIXME\n' > proj/x.ts; printf 'FIXME too\n' > proj/y.js; grep -rn "FIXME" --include='*.ts' proj
#--
printf 'apple\nbanana\napple\ncherry\nbanana\napple\n' > f; cat f | sort | uniq -c | sort -rn | head -5
#--
printf 'a b c\nd e f\n' > f; awk '{print $NF}' f | tr '\n' ' '; echo
#--
seq 100 > f; sed -n '10,20p' f | paste -sd+ | bc
#--
printf 'name,age,city\nalice,30,NYC\nbob,25,LA\ncarol,35,SF\n' > data.csv; tail -n +2 data.csv | sort -t, -k2 -n | cut -d, -f1
#--
printf 'name,age,city\nalice,30,NYC\nbob,25,LA\n' > data.csv; column -t -s, data.csv
#--
printf 'KEY=value=with=eq\nOTHER=x\n' > .env; cut -d= -f2- .env
#--
printf 'b 2\na 1\n' > x; printf 'a X\nb Y\n' > y; join <(sort x) <(sort y)
#--
touch one.txt two.txt; ls *.txt | xargs -I{} mv {} {}.bak; ls
#--
mkdir d; printf 'a\nb\n' > d/f1; printf 'c\n' > d/f2; find d -type f -exec wc -l {} + | sort -n
#--
printf 'hello\n' > f; stat -c '%s' f; wc -c < f
#--
for f in a.txt b.log c.txt; do basename "$f" .txt; done
#--
printf 'x\n' > f; sha256sum f | awk '{print $1}'
#--
printf 'x\n' > f; md5sum f | cut -c1-8
#--
printf 'l1\nl2\nl3\n' > f; grep -c '' f
#--
printf 'a=1\nb=2\n' > f; sed -i '/^a=/d' f; cat f
#--
printf 'foo bar foo\n' > a.txt; printf 'foo\n' > b.txt; sed -i 's/foo/baz/g' *.txt; cat a.txt b.txt
#--
printf 'MiXeD CaSe\n' | tr '[:upper:]' '[:lower:]'
#--
printf 'h\n1\n2\n3\n' > f; head -n -1 f; tail -n +2 f
#--
printf 'u1:x\nu2:y\nu1:z\n' | sort -u -t: -k1,1
#--
printf 'a\nb\nc\n' > a; printf 'b\nc\nd\n' > b; comm -13 <(sort a) <(sort b)
#--
printf '%-10s|%5d|\n' name 42 other 7
#--
printf 'a\tb\n' > f; cat -A f; cat -n f
#--
printf 'a.b.c.d\n' | rev | cut -d. -f1 | rev
#--
printf 'a b c d\n' | awk '{ $1=""; print substr($0,2) }'
#--
printf '555-1234\n12-34\n999-0000\n' | grep -E '^[0-9]{3}-[0-9]{4}$'
#--
printf '# comment\n\nkey=val\n  # indented\nk2=v2\n' > conf; grep -v '^#' conf | grep -v '^$'
#--
printf '# comment\n\nkey=val\n' > conf; grep -Ev '^\s*(#|$)' conf
#--
mkdir d; touch d/a d/b; find d -type f -print0 | xargs -0 rm -f; ls d | wc -l
#--
seq 1 250 > big; split -l 100 big part_; ls part_*; wc -l part_* | tail -1
#--
printf 'b\na\n' > f; sort f > f.sorted && mv f.sorted f; cat f
#--
printf 'x=1\n' > f; . ./f; echo $x
#--
printf '1\n2\n3\n' | awk '{s+=$1} END {print s/NR}'
#--
printf 'a\n' > f; if grep -q a f; then echo found; fi
#--
printf '3\n1\n2\n' | sort -n | tail -1
#--
echo "a,b,c" | IFS=, read -r x y z; echo "$y"
#--
printf 'line1\nline2\n' | while IFS= read -r l; do echo "[$l]"; done
#--
printf 'a b\nc d\n' | awk -v OFS='\t' '{print $2, $1}'
#--
printf '2024-01-15 ERROR x\n2024-01-15 INFO y\n2024-01-16 ERROR z\n' > log; awk '$3=="ERROR"{c[$1]++} END{for(d in c) print d, c[d]}' log | sort
#--
printf '2024-01-15 ERROR x\n2024-01-16 ERROR z\n' > log; grep ERROR log | awk '{print $1}' | sort | uniq -c
#--
printf '{"a":1}\n' > j; grep -o '"a":[0-9]*' j | cut -d: -f2
#--
printf 'foo\n' > f; [ -s f ] && echo nonempty; [ -f nofile ] || echo missing
#--
printf 'a\nb\nc\nd\ne\n' | sed -n '2~2p'
#--
printf 'a\nb\nc\n' | sed '1d;$d'
#--
printf 'path/to/file.tar.gz\n' | sed 's/\.[^.]*$//'
#--
f=path/to/file.tar.gz; echo "${f##*/} ${f%%.*} ${f%.*}"
#--
printf 'v1.2.3\n' | cut -c2- | tr . ' '
#--
printf 'a:1\nb:2\n' | while IFS=: read k v; do echo "$k=$v"; done
#--
printf 'abc\n' | fold -w1 | sort -r | tr -d '\n'; echo
#--
seq 5 | tr '\n' ' ' | sed 's/ $/\n/'
#--
printf 'x y z\n' | xargs -n1 | sort -r | xargs
#--
printf '  padded  \n' | xargs
#--
echo 'a b' | xargs -I % echo '<%>'
#--
printf 'README.md\nsrc/main.c\n' | xargs -n1 dirname
#--
printf 'a\n' > f; cp f g; cmp -s f g && echo same
#--
printf 'line one\nline two\n' | awk 'length > 8'
#--
printf 'x\n' | awk 'BEGIN { printf "%s", "pre-" } { print }'
#--
printf 'a b\n' | awk '{ printf "%s\n", $0 > "out.txt" } END { close("out.txt"); while ((getline l < "out.txt") > 0) print "got:" l }'
#--
printf '10\n2\n33\n' | sort | head -1; printf '10\n2\n33\n' | sort -n | head -1
#--
printf 'a\nb\n' | tee copy.txt | wc -l; cat copy.txt
#--
printf 'c\nb\na\n' | sort | tee sorted.txt > /dev/null; cat sorted.txt
#--
printf 'x\n' > f; test -r f && test -w f && echo rw
#--
printf 'one\n' > f; printf 'two\n' >> f; wc -l f | awk '{print $1}'
#--
printf 'A\nB\n' | tr -d '\n' | wc -c
#--
printf 'k1 v1\nk2 v2\n' | awk '{ m[$1] = $2 } END { print m["k2"] }'
#--
seq 3 | awk '{ a[NR] = $0 } END { for (i = NR; i > 0; i--) print a[i] }'
#--
printf 'a\n\n\nb\n' | cat -s
#--
printf 'a\n\nb\n' | awk 'NF'
#--
printf '1 2\n3 4\n' | awk '{ for (i = 1; i <= NF; i++) sum[i] += $i } END { for (i = 1; i <= 2; i++) printf "%d ", sum[i]; print "" }'
#--
printf 'x,y\n1,2\n' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i; next } { for (i = 1; i <= NF; i++) print h[i] "=" $i }'
#--
printf 'hello world\n' | awk '{ print toupper(substr($0, 1, 1)) substr($0, 2) }'
#--
printf 'a-b-c\n' | awk -F- '{ print NF - 1 }'
#--
echo $((16#ff)) $((2#1010)); printf '%x %o %d\n' 255 8 0x1f
#--
printf '%.3f\n' 3.14159; printf '%5.1f|\n' 2.25; printf '%e\n' 1234.5
#--
printf '%s\n' "$(seq 3)" | wc -l
#--
printf 'ab\ncd\n' | od -An -c
#--
printf 'line\n' | nl -ba -w1 -s' '
