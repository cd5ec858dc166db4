printf 'b 2\na 10\nc 1\na 2\nb 1\n' > f; sort -k1,1 -k2,2n f
#--
printf 'b 2\na 10\nc 1\na 2\nb 1\n' > f; sort -k2,2n -k1,1r f
#--
printf 'b:2:x\na:10:y\nc:1:z\na:2:w\n' | sort -t: -k2,2n
#--
printf 'b:2:x\na:10:y\nc:1:z\na:2:w\n' | sort -t: -k3
#--
printf '10\n9\n100\n-1\n1e2\n0x10\n' | sort -g
#--
printf '1K\n2M\n512\n1G\n3k\n' | sort -h
#--
printf 'v1.10\nv1.9\nv1.2.3\nv1.2\nv10\n' | sort -V
#--
printf 'a\nb\na\nc\nb\n' | sort -u
#--
printf 'a\nB\nb\nA\n' | sort -f
#--
printf 'a\nB\nb\nA\n' | sort -fu
#--
printf 'b 1\na 1\nc 0\n' | sort -s -k2,2n
#--
printf 'b 1\na 1\nc 0\n' | sort --stable -k2,2n
#--
printf 'a\nc\nb\n' | sort -c; echo "st=$?"
#--
printf 'a\nb\nc\n' | sort -c; echo "st=$?"
#--
printf 'a\nc\nb\n' | sort -C; echo "st=$?"
#--
printf 'c\na\nb\n' > f; sort -o f f; cat f
#--
printf 'a\nc\n' > f1; printf 'b\nd\n' > f2; sort -m f1 f2
#--
printf '3\n1\n2\n' | sort -rn
#--
printf 'x 3\ny 1\nz 2\n' | sort -k2 -n -r
#--
printf 'apple 5\nbanana 3\ncherry 5\ndate 1\n' | sort -k2,2nr -k1,1
#--
printf '  b\na\n c\n' | sort
#--
printf '  b\na\n c\n' | sort -b
#--
printf 'a,3\nb,1\nc,2\n' | sort -t, -k2n
#--
printf '1.5\n1.25\n-0.5\n10\n' | sort -n
#--
printf 'Jan\nMar\nFeb\nDec\n' | sort -M
#--
printf '192.168.1.10\n192.168.1.2\n10.0.0.1\n' | sort -t. -k1,1n -k2,2n -k3,3n -k4,4n
#--
printf 'foo\nbar\nbaz\n' | sort -r
#--
printf 'a 1\nb 2\n' | sort -k3
#--
printf 'x\n\ny\n\n' | sort
#--
printf 'b\na' | sort
#--
printf 'f 3\ne 3\nd 1\n' | sort -k2,2 -u
#--
sort nonexist; echo "st=$?"
#--
printf '10 a\n9 b\n10 c\n' | sort -n -k1,1 -s
#--
printf 'ab\nAb\naB\n' | sort
#--
printf 'a\tb\nc\ta\n' | sort -t $'\t' -k2
#--
printf 'b\na\n' > x; printf 'd\nc\n' > y; sort x y
#--
printf '5\n3\n5\n1\n' | sort -n | uniq -c | sort -rn
#--
printf 'a b c\nd e f\n' | sort -k2.2
#--
printf '2024-03-01 x\n2023-12-31 y\n2024-01-15 z\n' | sort
#--
printf '3\n1\n2\n' | sort -n -o out; cat out
#--
printf 'b\nA\na\nB\n' | LC_ALL=C sort
#--
printf 'x1\nx10\nx2\n' | sort -V -r
#--
printf '1\n2\n' | sort -k 1,1n -k 2
#--
printf '1 b\n1 a\n2 c\n' | sort -n
#--
printf 'hello\n' | sort --version >/dev/null; echo $?
#--
printf '%s\n' 3 1 2 | sort -R >/dev/null; echo $?
#--
printf 'a\n' | sort -k 2,1; echo $?
#--
printf '1,000\n999\n' | sort -n
#--
printf '+5\n-5\n5\n' | sort -n
#--
printf '1e3\n100\n' | sort -n
#--
printf 'b\na\n' | sort -z | od -c
#--
printf 'c 1\na 2\nb 3\n' | sort -k1 -k2n
