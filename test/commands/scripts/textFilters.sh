printf 'a\na\nb\nB\nb\nc\n' | uniq -c
#--
printf 'a\na\nb\nB\nb\nc\n' | uniq -d
#--
printf 'a\na\nb\nB\nb\nc\n' | uniq -u
#--
printf 'a\na\nb\nB\nb\nc\n' | uniq -ic
#--
printf '1 a\n2 a\n3 b\n' | uniq -f1 -c
#--
printf 'xa\nya\nzb\n' | uniq -s1
#--
printf 'foo\nfoo\nbar\n' | uniq -c | awk '{print $2": "$1}'
#--
printf 'a:b:c\nd:e:f\n' | cut -d: -f2
#--
printf 'a:b:c\nd:e:f\n' | cut -d: -f1,3
#--
printf 'a:b:c\nd:e:f\nnodelim\n' | cut -d: -f2 -s
#--
printf 'a:b:c\nd:e:f\n' | cut -d: --complement -f2
#--
printf 'hello world\n' | cut -c1-5
#--
printf 'hello world\n' | cut -c 7-
#--
printf 'a b  c\n' | cut -d' ' -f3
#--
printf 'one\ttwo\tthree\n' | cut -f2
#--
printf 'a,b,c\n' | cut -d, -f2- --output-delimiter=' '
#--
echo "Hello World" | tr 'a-z' 'A-Z'
#--
echo "Hello World" | tr '[:lower:]' '[:upper:]'
#--
echo "hello   world" | tr -s ' '
#--
echo "hello 123 world" | tr -d '0-9'
#--
echo "hello 123 world" | tr -cd '0-9\n'
#--
echo "a-b_c" | tr -c 'a-z\n' ' '
#--
echo "hello" | tr 'elo' '123'
#--
printf 'a\nb\nc\n' | tr '\n' ','
#--
echo "aabbcc" | tr -s 'a-z'
#--
echo "HELLO" | tr -d '[:upper:]'; echo "st=$?"
#--
echo 'tab	here' | tr '\t' ' '
#--
echo "abc" | tr 'a-c' 'x'
#--
echo "a b c" | tr ' ' '\n'
#--
echo "x[y]z" | tr -d '[]'
#--
echo "hello" | tr '[:alpha:]' '[*]'
#--
seq 10 | head -n 3
#--
seq 10 | head -n -3
#--
seq 10 | tail -n 3
#--
seq 10 | tail -n +8
#--
printf 'abcdef' | head -c 3
#--
printf 'abcdef' | tail -c 3
#--
seq 3 > a; seq 4 6 > b; head -n 1 a b
#--
seq 3 > a; seq 4 6 > b; tail -n 1 a b
#--
seq 3 > a; seq 4 6 > b; head -q -n 1 a b
#--
seq 3 > a; head -v -n 1 a
#--
seq 5 | head -2
#--
seq 5 | tail -2
#--
seq 20 | tail -n +3 | head -n 2
#--
printf 'a\nb' | tail -n 1
#--
printf 'abc\n' | tail -c +2
#--
head -n 2 nonexist; echo "st=$?"
#--
printf 'one two\nthree\n' > a; printf 'x\n' > b; wc a b
#--
printf 'one two\nthree\n' > a; printf 'x\n' > b; wc -l a b
#--
printf 'one two\nthree\n' | wc -l
#--
printf 'one two\nthree\n' | wc -w
#--
printf 'one two\nthree\n' | wc -c
#--
printf 'one two\nthree\n' | wc
#--
printf 'one two\nthree\n' > a; wc -l < a
#--
printf 'one two\nthree\n' > a; wc -l a
#--
seq 1000 > big; printf 'x\n' > small; wc big small
#--
seq 1000 > big; wc -lc big
#--
printf 'héllo\n' | wc -m
#--
printf 'héllo\n' | wc -c
#--
printf 'abc\nde\n' | wc -L
#--
printf 'a\n' > a; wc a nonexist; echo "st=$?"
#--
head -n 2 <<< $'a\nb\nc'
#--
printf 'abc' | head -c -1; echo
#--
printf 'a\nb\nc\n' | head -n -0
#--
printf 'a\nb\nc\n' | tail -n 0; echo st=$?
#--
printf 'a\nb\nc\n' | tail -c 4
#--
printf 'a\nb\nc' | tail -n 2 | od -c
#--
seq 10 | tail -n +0 | head -2
#--
seq 5 > f; tail -n 2 f f
#--
seq 3 | head -n 1K | wc -l
#--
seq 20 | head -n +3
#--
printf 'x\n' | tail -q -n1 - 
#--
printf 'a\nb\n' | head --lines=1
#--
printf 'a\nb\n' | tail --lines=+2
#--
printf 'hello' | tr -d 'l' | wc -c
#--
printf 'a\0b\0' | tr '\0' '\n'
#--
printf 'aAbB\n' | tr -d '[:lower:]'
#--
printf 'hello world\n' | tr -s 'lo'
#--
printf 'abc\n' | tr 'a-c' 'A-'
#--
printf 'a1b2\n' | tr -c '[:digit:]' '#'
#--
printf 'xyz\n' | tr 'x-z' '1-3'
#--
printf 'a b\n' | tr '[:space:]' '_'
#--
printf 'hello\n' | tr '[a-z]' '[A-Z]'
#--
printf 'abc\n' | tr -d 'a-' 
#--
printf 'a\tb\n' | tr '\t' '\n'
#--
printf 'aaa\n' | tr 'a' '\101'
#--
printf 'abc\n' | tr -t 'abc' 'x'
#--
printf 'Hello\n' | tr '[:upper:][:lower:]' '[:lower:][:upper:]'
#--
printf 'abcdef\n' | tr 'a-f' '[.*]'; echo st=$?
#--
printf 'abc\n' | tr '[=a=]' 'z'
#--
printf 'a\n\n\nb\n' | tr -s '\n'
#--
printf 'abc' | tr -cd 'a'; echo
#--
seq -w -5 5 | head -3
