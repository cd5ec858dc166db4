echo 'hello world foo bar baz' | fold -w 10
#--
echo 'hello world foo bar baz' | fold -w 10 -s
#--
printf 'a b c\nlonger x y\n' | column -t
#--
printf 'a:b:c\nlonger:x:y\n' | column -t -s:
#--
printf 'a\nb\n\nc\n' | nl
#--
printf 'a\nb\n\nc\n' | nl -ba
#--
printf 'a\nb\n' | nl -w3 -s': '
#--
printf 'a\nb\n' | nl -n rz
#--
echo hello | rev
#--
printf '1\n2\n3\n' | tac
#--
echo hi | od -c
#--
printf 'abc' | od -An -tx1
#--
printf 'ab\n' | od -An -c
#--
printf '\x00\x01\xff' | od -An -tu1
#--
printf 'abcdefghijklmnopqrstuvwxyz' | od -c
#--
printf 'AB' | od -x
#--
printf 'hello' | xxd
#--
printf 'hello' | xxd -p
#--
printf 'hello' | hexdump -C
#--
printf '1\n2\n3\n4\n5\n' | shuf --random-source=/dev/zero | sort
#--
shuf -i 1-5 -n 5 | sort -n
#--
printf 'x\n' | shuf
#--
printf 'one two three four five six seven eight nine ten eleven twelve\n' | fmt -w 20
#--
printf 'This is a sentence.  And another one follows it here. Short.\n\n  Indented paragraph text that\n  continues on a second line.\n' | fmt -w 30
#--
printf '# comment line one that is long\n# and a second comment line\ncode();\n' | fmt -w 25 -p '# '
#--
printf 'a  b   c\n' | fmt -u
