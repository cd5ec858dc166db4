echo hi | cat /dev/stdin
#--
echo hi | grep h /dev/stdin
#--
printf 'b\na\n' | sort /dev/stdin
#--
printf 'b\na\n' | wc -l /dev/stdin
#--
printf 'b\na\n' | head -n1 /dev/stdin
#--
printf 'b\na\n' | tail -n1 /dev/stdin
#--
printf 'b\na\n' | cut -c1 /dev/stdin
#--
printf 'b\na\n' | sed p /dev/stdin
#--
printf 'b\na\n' | awk '{print}' /dev/stdin
#--
printf 'b\na\n' > f; printf 'b\nc\n' | diff f /dev/stdin; echo st=$?
#--
printf 'b\na\n' > f; printf 'b\nc\n' | diff f -; echo st=$?
#--
printf 'x\n' | tr x y < /dev/stdin
#--
echo hi | md5sum /dev/stdin
#--
echo hi | md5sum
#--
echo hi | md5sum -
#--
printf 'a\nb\n' | paste - -
#--
printf 'a\nb\n' | paste /dev/stdin
#--
printf 'a b\n' | xargs -a /dev/stdin echo
#--
printf 'a\n' | tee /dev/stderr 2>/dev/null
#--
echo hi | base64 /dev/stdin
#--
printf 'a\n' | nl /dev/stdin
#--
printf 'a\n' | od -c /dev/stdin
#--
printf 'a\n' | uniq /dev/stdin
#--
printf 'a\n' | comm - /dev/null
#--
printf 'a\n' | join - /dev/null; echo st=$?
#--
printf 'a\n' | rev /dev/stdin
#--
printf 'a\nb\n' | tac /dev/stdin
#--
cat /dev/null; echo st=$?
#--
printf 'x' | wc -c /dev/stdin
#--
printf 'BEGIN { print "p" }' | awk -f -
#--
printf 's/a/b/\n' | sed -f /dev/stdin <(echo aaa) 2>&1
#--
printf 'a\n' | grep -f /dev/stdin <(printf 'a\nb\n')
#--
cat <(echo proc)
#--
diff <(printf 'a\nb\n') <(printf 'a\nc\n'); echo st=$?
#--
paste <(seq 3) <(seq 4 6)
#--
sort <(printf 'b\na\n') 
#--
wc -l <(seq 5) | awk '{print $1}'
#--
{ echo msg | tee /dev/stderr; } 2>&1 | sort
#--
{ printf 'x\n' > f; cp f /dev/stderr; } 2>&1 | cat
#--
printf 'a\n' | tee -a /dev/stderr 2>&1 >/dev/null | tr a b
