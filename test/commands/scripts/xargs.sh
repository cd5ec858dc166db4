printf 'a\nb\nc\n' | xargs printf '%s-\n'
#--
printf 'a b c d e\n' | xargs -n 2 echo
#--
printf 'a\nb\n' | xargs -I{} echo "item: {}"
#--
printf 'a\0b c\0' | xargs -0 -n1 echo
#--
printf 'a,b,c' | xargs -d, -n1 echo
#--
printf 'x\ny\n' | xargs -P 1 -n 1 echo
#--
printf '1\n2\n3\n' | xargs -I % sh -c 'echo %; echo %%'
#--
echo | xargs echo empty
#--
printf '' | xargs -r echo nothing; echo "st=$?"
#--
printf 'a\nb\n' | xargs -t echo 2>/dev/null
#--
printf '"a b" c\n' | xargs -n1 echo
#--
printf "it's\n" | xargs echo; echo "st=$?"
#--
printf 'a\nb\n' | xargs -L1 echo x
#--
printf '1 2\n3 4\n' | xargs -L 1 printf '%s+%s\n'
#--
seq 5 | xargs -n2 | tr ' ' ,
#--
printf 'f1\nf2\n' | xargs touch; ls f1 f2
#--
printf 'x\n' | xargs false; echo "st=$?"
#--
printf 'x\n' | xargs nosuchcmd; echo "st=$?"
#--
printf 'a b\n' | xargs -I{} echo "[{}]"
#--
printf '%s\n' a b c | xargs -n1 -I{} echo {}{}
#--
printf 'a\nb\nc\n' | xargs -s 10 echo
#--
printf '1\n2\n3\n' | xargs sh -c 'echo "$#: $*"' _
#--
printf '%s\n' a b c | xargs -n 2 printf '[%s %s]\n'
#--
printf '%s\n' a b c | xargs printf '%s,'; echo
#--
printf 'a b\n' | xargs printf '%q\n'
#--
printf '1\n2\n' | xargs -I X printf 'n=%03d\n' X
#--
printf 'a\nb\n' | xargs -E b echo; printf 'a\nstop\nb\n' | xargs -E stop echo
#--
printf 'a\nb\nc\n' | xargs -x -n 2 echo
#--
printf 'a b c\n' | xargs -n 1 sh -c 'exit 255'; echo st=$?
#--
printf 'a\n' | xargs sh -c 'exit 3'; echo st=$?
#--
printf '' | xargs echo; echo st=$?
#--
printf 'a b\n' | xargs -0 echo | od -c
#--
printf 'x\n' | xargs -a /dev/null echo; echo st=$?
#--
printf 'l1\nl2\nl3\n' | xargs -L 2
#--
printf 'a  b\tc\n' | xargs -n1 | cat -A
#--
printf "a\\\\ b\n" | xargs -n1
#--
printf 'one two\n' | xargs --max-args=1 echo
#--
printf 'x y\n' | xargs -i echo {}
#--
printf '1\n2\n3\n' | xargs -P 2 -I{} echo {} | sort
#--
seq 3 | xargs -n1 expr 10 +
