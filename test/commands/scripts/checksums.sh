echo hello | md5sum
#--
echo hello | sha256sum
#--
echo hello > f; sha256sum f; md5sum f; sha1sum f
#--
echo hello > f; md5sum f > sums; md5sum -c sums; echo st=$?
#--
echo hello > f; md5sum f > sums; echo bye > f; md5sum -c sums; echo st=$?
#--
echo hello > f; sha256sum f | cut -d' ' -f1
#--
echo 'hello world' | base64
#--
echo 'aGVsbG8gd29ybGQK' | base64 -d
#--
head -c 100 /dev/zero | base64 -w 20
#--
head -c 100 /dev/zero | base64 -w 0; echo
#--
echo '!!!' | base64 -d; echo st=$?
#--
printf 'aGVsbG8' | base64 -d; echo st=$?
#--
echo 'aGVs bG8K' | base64 -d
#--
seq 1 400000 > big; md5sum big; cksum big; sha256sum < big; cksum -a sha1 big; md5sum big > sums; md5sum -c sums
