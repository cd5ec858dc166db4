printf 'abc' > f; stat -c '%n|%s|%F|%a|%A|%h|%b|%B|%o' f
#--
mkdir d; stat -c '%n %F %a' d; ln -s d l; stat -c '%n %F %N' l
#--
printf 'x' > f; stat --printf='%s\n%n\n' f
#--
printf 'x' > f; stat -c '%Y' f | grep -c '^[0-9]*$'
#--
printf 'x' > a; printf 'yy' > b; stat -c '%s %n' a b
#--
stat -c '%s' missing; echo st=$?
#--
mkdir d; touch d/b d/a d/c; ls d | head -2; ls -r d; ls -1 d | tac
#--
mkdir d; touch d/a.txt d/b.md; ls d/*.txt; ls -d d
#--
mkdir -p d/s; touch d/f; ls -F d; ls -p d; ls -1F d
#--
mkdir d; printf 'xx' > d/big; printf 'x' > d/small; ls -S d; ls -Sr d
#--
mkdir d; touch d/f; chmod 754 d/f; ls -l d | awk 'NR>1 {print $1, $2, $5, $9}'
#--
mkdir d; touch d/.h d/v; ls -A d; ls -a d | head -2
#--
ls nonexistent 2>&1; echo st=$?
#--
mkdir d; ls d; echo "[$(ls d)]"
#--
mkdir d; touch d/f1 d/f2 d/f3; ls d | wc -l; ls -C d; ls -m d
#--
mkdir -p d/s/t; touch d/s/t/f; ls -R d
#--
mkdir d; touch d/a; ls -i d | awk '{print $2}'
#--
date -u -d @1700000000 '+%Y-%m-%d %H:%M:%S'
#--
date -u -d '2024-02-29' +%A
#--
TZ=UTC date -d '2023-12-31 23:59:59 +1 second' +%F' '%T
#--
date -u -d '@1700000000' +%s
#--
TZ=America/New_York date -d @1700000000 '+%F %T %Z'
#--
TZ=Europe/Berlin date -d '2024-07-01 12:00' +%s
#--
date -u -d '2024-01-15' '+%U %W %V %G %u'
#--
date -u -d 'jan 5 2024' +%F
#--
date -u -d '5 days ago' +%F >/dev/null; echo st=$?
#--
date -u -d '2024-03-10T12:30:00' +%H:%M
#--
date -u -d '2024-01-01 + 90 days' +%F
#--
date -u -d '2024-01-31 next month' +%F 2>&1
#--
date -u -d 'last friday' >/dev/null; echo st=$?
#--
date -u -r /dev/null >/dev/null; echo st=$?
#--
date -u -d @0 '+%c'
#--
date -u -d @0 '+%x %X'
#--
date -u -d @1234567890 '+%e|%k|%l|%P|%Z|%z|%:z'
#--
date -u -d @1234567890 --rfc-3339=seconds
#--
date -u -d @1234567890 --rfc-3339=date
#--
date -u -d @1234567890 -Iminutes
#--
date -u --date='2024-06-01' '+%b %d, %Y'
#--
date -u -d @1700000000.5 '+%s.%N'
#--
date -u -d @-1 '+%F %T'
#--
date -u -d '1970-01-01 00:00:00 UTC' +%s
#--
date -u -d '2038-01-19 03:14:08' +%s
#--
date +%s -u -d '2024-01-01 00:00:00 +0200'
#--
date -u -d 'tomorrow 00:00' +%T
#--
date -u -d '2024-01-01' +'%-j %-m %-d %_m %0e'
#--
printf 'hello\n' | md5sum -
#--
printf 'a' > f1; printf 'b' > f2; md5sum f1 f2 > s; md5sum -c s; printf 'c' > f2; md5sum -c s; echo st=$?
#--
printf 'a' > f1; sha1sum f1 > s; sha1sum --check --quiet s; echo st=$?
#--
printf 'a' > f1; sha256sum f1 > s; rm f1; sha256sum -c s; echo st=$?
#--
printf 'garbage\n' > s; md5sum -c s; echo st=$?
#--
printf 'a' > f1; md5sum --tag f1
#--
printf 'a' > f1; md5sum -b f1
#--
printf 'x' | sha512sum
#--
printf 'x' | sha224sum; printf 'x' | sha384sum
#--
printf 'x' | b2sum 2>/dev/null | cut -c1-16; echo
#--
printf 'x' | cksum 2>/dev/null; echo st=$?
#--
printf 'hello world' | base64 -w 4
#--
printf 'aGVsbG8=' | base64 --decode
#--
printf 'aGVs\nbG8=\n' | base64 -d
#--
printf 'a' | base64; printf 'ab' | base64; printf 'abc' | base64
#--
printf '\xff\xfe' | base64
#--
printf 'aGVsbG8gd29ybGQ' | base64 -d 2>&1; echo st=$?
#--
printf 'aGV!sbG8=' | base64 -di
#--
printf 'hello' | base32 2>/dev/null; echo st=$?
#--
printf 'hello' | od -A x -t x1z
#--
printf 'hello' | od -t c
#--
printf '\x01\x02\x03\x04' | od -t x2
#--
printf '\x01\x02\x03\x04' | od -t d4
#--
printf 'abcdefghijklmnopqrstuvwxyz' | od -A d -c
#--
printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | od -c
#--
printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | od -v -c | wc -l
#--
printf 'hi\n' | od -An -tx1 -w2
#--
printf 'abc' | od -N 2 -c
#--
printf 'abc' | od -j 1 -c
#--
printf 'hello world\n' | xxd -g 1
#--
printf 'hello' | xxd -u
#--
printf '68656c6c6f' | xxd -r -p; echo
#--
printf 'hello' | xxd -c 2
#--
printf 'hello' | xxd -i
#--
printf 'abc\n' | hexdump -C
#--
printf 'ab' | hexdump
#--
printf 'a\nb\n' | nl -ba -nln
#--
printf 'a\nb\n' | nl -v 10 -i 5
#--
printf 'a\n\nb\n' | nl -bt
#--
printf 'a\n\nb\n' | nl -bn
#--
printf 'x\ny\n' | nl -s ':'
#--
printf 'aa bb\ncccc d\n' | column -t -o '|'
#--
printf 'a\nb\nc\nd\ne\n' | column -c 10
#--
printf 'a\nb\nc\nd\ne\n' | column -x -c 10
#--
printf 'n,v\nx,1\n' | column -s, -t -N A,B 2>/dev/null; echo st=$?
#--
printf '1 a\n2 b\n' > f1; printf '1 x\n2 y\n' > f2; join -o 0,1.2,2.2 f1 f2
#--
printf '1 a\n2 b\n' > f1; printf '1 x\n3 y\n' > f2; join -v1 f1 f2; join -a2 -e '-' -o 0,1.2,2.2 f1 f2
#--
printf 'A 1\nb 2\n' > f1; printf 'a x\nB y\n' > f2; join -i f1 f2
#--
printf 'a:1\nb:2\n' > f1; printf 'a:x\nb:y\n' > f2; join -t: f1 f2
#--
printf '1 a\n1 b\n' > f1; printf '1 x\n1 y\n' > f2; join f1 f2
#--
printf 'b 1\na 2\n' > f1; printf 'a x\nb y\n' > f2; join f1 f2; echo st=$?
#--
printf 'x\ty\n' > f1; printf 'x\tz\n' > f2; join -t $'\t' f1 f2
#--
printf 'h1 h2\n1 a\n' > f1; printf 'h1 h3\n1 b\n' > f2; join --header f1 f2
#--
paste -d '\n' <(printf 'a\nb\n') <(printf '1\n2\n')
#--
paste -d ',;' <(seq 3) <(seq 4 6) <(seq 7 9)
#--
printf 'a\nb\nc\n' | paste -s -d ':'
#--
printf 'a\nb\nc\n' | paste - - 
#--
paste <(printf 'a\n') <(printf '1\n2\n')
#--
printf 'a\nb\n' > f1; printf 'b\nc\n' > f2; comm --output-delimiter=, f1 f2
#--
printf 'b\na\n' > f1; printf 'a\n' > f2; comm f1 f2; echo st=$?
#--
printf 'a\nb\n' > f1; printf 'b\nc\n' > f2; comm -3 f1 f2 | sed 's/^\t/>/'
#--
TZ=UTC date -d '2023-12-31 23:59:59 +1 second' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00:00 +1 hour' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00 -2 days' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00 +0530' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00 +130' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00 +1:30' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00:00 +25' '+%F %T'; echo st=$?
#--
TZ=UTC date -d '2024-01-01 +1 day' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00 UTC +1 hour' '+%F %T'
#--
TZ=UTC date -d '2024-01-01T10:00:00Z' '+%F %T'
#--
TZ=UTC date -d '2024-01-01T10:00:00+02:00' '+%F %T'
#--
TZ=UTC date -d '2024-01-01 10:00 pm' '+%F %T'
#--
TZ=UTC date -d '10:00 tomorrow' '+%T'
#--
for t in "-A x -t x1z" "-t x1z" "-t x2z" "-t cz" "-t x1z -t c" "-t oCz"; do echo "== $t"; printf 'hello world, this is a test\n\x01\xff' | od $t; done
