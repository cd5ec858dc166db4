printf 'hello world' > in; dd if=in bs=4 count=2 2>/dev/null; echo; dd if=in bs=4 skip=1 count=1 status=none; echo; dd if=in conv=ucase status=none; echo
#--
printf 'abc' | dd bs=1 count=2 2>/dev/null; echo
#--
printf 'a\nb\n' > out; printf 'hello world' > in; dd if=in of=out bs=2 seek=2 status=none; od -c out | head -2
#--
printf 'XYZW' > o2; printf 'ab' | dd of=o2 conv=notrunc status=none; cat o2; echo
#--
printf 'abcd' | dd ibs=3 obs=2 2>&1 >/dev/null | head -2
#--
printf 'abcd' | dd bs=3 conv=sync status=none | od -c
#--
dd if=nofile 2>/dev/null; echo st=$?
#--
dd bs=x 2>/dev/null; echo st=$?
#--
dd foo=bar 2>/dev/null; echo st=$?
#--
printf 'abcdef' | dd iflag=skip_bytes skip=2 status=none; echo; printf 'abcdef' | dd iflag=count_bytes count=3 status=none; echo
#--
dd if=/dev/zero bs=1K count=2 status=none | wc -c
#--
printf 'ab' | dd status=noxfer 2>&1 >/dev/null
#--
dd if=/dev/zero of=blank bs=1024 count=4 2>/dev/null; wc -c < blank; od -An -c blank | head -1
#--
printf 'abcdef' | dd conv=swab status=none; echo
#--
printf 'ABC' | dd conv=lcase 2>/dev/null; echo
#--
printf 'x' > f; dd if=f of=f2 status=none; cat f2; echo
#--
printf 'abc' | dd of=g oflag=append conv=notrunc status=none; printf 'de' | dd of=g oflag=append conv=notrunc status=none; cat g; echo
#--
printf '0123456789' | dd bs=2x2 count=1 status=none; echo
#--
printf 'abc' | dd 2>&1 >/dev/null | head -2
#--
printf 'x' > a; install a b; stat -c '%a' b; install -m 644 a c; stat -c '%a' c
#--
install -d d1/d2; stat -c '%a %F' d1/d2
#--
printf 'x' > a; mkdir d1; install -v a d1; ls d1
#--
printf 'x' > a; install -D a e/f/g; ls e/f; cat e/f/g
#--
printf 'x' > a; printf 'y' > c; mkdir d1; install -t d1 a c -v; install -t d1 a -v
#--
install nofile x; echo st=$?
#--
printf 'x' > a; install a; echo st=$?
#--
install -d; echo st=$?
#--
printf 'x' > a; install -m 999 a h; echo st=$?
#--
install -vd x/y
#--
printf 'x' > a; mkdir -p t; install -T a t; echo st=$?
#--
printf 'x' > a; install a b; install -C a b; echo st=$?
#--
printf 'x' > a; install a a; echo st=$?
#--
printf 'x' > a; install -m u=rw,go=r a z; stat -c %a z
#--
install -d -m 700 priv; stat -c '%a' priv
#--
printf '#!/bin/sh\necho hi\n' > s.sh; install -m 0755 s.sh bin/s 2>/dev/null; echo st=$?; install -D -m 0755 s.sh bin/s; ./bin/s
