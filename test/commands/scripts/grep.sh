printf 'foo bar\nbaz foo foo\nqux\n' > f; grep -o foo f
#--
printf 'foo bar\nbaz foo foo\nqux\n' > f; grep -n foo f
#--
printf 'foo bar\nbaz foo foo\nqux\n' > f; grep -c foo f
#--
printf 'foo\n' > a; printf 'bar\n' > b; grep -l foo a b
#--
printf 'foo\n' > a; printf 'bar\n' > b; grep -L foo a b; echo st=$?
#--
printf 'foo\nfoobar\nbar foo\n' | grep -w foo
#--
printf 'foo\nfoobar\nbar foo\n' | grep -x foo
#--
seq 10 | grep -A1 5
#--
seq 10 | grep -B2 5
#--
seq 10 | grep -C1 -e 3 -e 7
#--
seq 10 | grep -C1 -e 3 -e 5
#--
seq 20 | grep -n -A1 '^1[05]$'
#--
mkdir -p d/s; echo hit > d/a.txt; echo hit > d/s/b.txt; echo hit > d/c.log; grep -r hit d | sort
#--
mkdir -p d/s; echo hit > d/a.txt; echo hit > d/s/b.txt; echo hit > d/c.log; grep -r --include='*.txt' hit d | sort
#--
mkdir -p d/s; echo hit > d/a.txt; echo hit > d/s/b.txt; echo hit > d/c.log; grep -rl hit d | sort
#--
mkdir -p d/s; echo hit > d/a.txt; echo hit > d/s/b.txt; grep -rn hit --exclude-dir=s d
#--
mkdir -p d/s; echo hit > d/a.txt; cd d; grep -r hit | sort
#--
mkdir -p d/s; echo hit > d/a.txt; cd d; grep -r hit . | sort
#--
printf 'abc123\nxyz\n' | grep -E '[0-9]+'
#--
printf 'a.b\naxb\n' | grep -F 'a.b'
#--
printf 'abc123def\n' | grep -oP '\d+'
#--
printf 'key=value\n' | grep -oP '(?<=key=)\w+'
#--
printf 'foo\n' | grep -q foo; echo st=$?
#--
printf 'foo\n' | grep -q bar; echo st=$?
#--
grep -s foo nonexist; echo st=$?
#--
grep foo nonexist; echo st=$?
#--
printf 'foo\n' > a; printf 'foo\n' > b; grep -h foo a b
#--
printf 'foo\n' > a; grep -H foo a
#--
seq 100 | grep -m 3 1
#--
printf 'foo\nbar\n' > a; printf 'foo\n' > b; grep -c foo a b
#--
printf 'Foo\nfoo\n' | grep -i FOO
#--
printf 'a\nb\n' | grep -v a
#--
printf 'ab\ncd\n' | grep -e a -e d
#--
printf 'pat1\npat2\n' > pats; printf 'pat1 x\nother\npat2\n' | grep -f pats
#--
printf 'x\n' | grep -E 'a|'; echo st=$?
#--
printf 'hello world\n' | grep -o 'o'
#--
printf 'hello world\n' | grep -ob 'o'
#--
printf 'aaa\n' | grep -o 'a*'
#--
printf 'test\n' | grep '\(t\)e\1'; echo st=$?
#--
printf 'tet\n' | grep '\(t\)e\1'
#--
printf 'abc\n' | grep -E '(a)(b)\2'; echo st=$?
#--
printf 'one\ntwo\nthree\n' | grep -n -v o
#--
printf 'a\nb\na\n' | grep -c a
#--
printf 'x\n' | grep -c a; echo st=$?
#--
printf 'foo.bar\n' | grep -o '[a-z]*'
#--
printf 'a1b2c3\n' | grep -o '[[:digit:]]'
#--
printf 'ERROR: x\nWARN: y\nERROR: z\n' | grep '^ERROR' | wc -l
#--
printf 'foo\n' | grep -E '(' ; echo st=$?
#--
printf 'foo\n' | grep '\(' ; echo st=$?
#--
printf 'a\n\nb\n' | grep -c '^$'
#--
printf 'a\n\nb\n' | grep -v '^$'
#--
printf 'a\tb\n' | grep -P '\t'
#--
printf 'abc\n' | grep -P 'a(?=b)' -o
#--
printf 'foo123\n' | grep -P '^\w+\d{3}$'
#--
seq 10 | grep -A1 -m2 '[13579]'
#--
printf 'x\ny\n' > a; grep -n '' a
#--
printf 'x\ny\n' > a; grep -e x -f /dev/null a
#--
printf 'foo\n' > a; grep -l foo a a
#--
printf 'foo\nbar\n' | grep -E -w 'fo|foo'
#--
printf 'foobar\n' | grep -o -E 'foo|foobar'
#--
printf 'abcabc\n' | grep -o 'b*'
#--
printf 'CamelCase\n' | grep -o '[A-Z][a-z]*'
#--
printf 'a\nb\nc\nd\n' | grep -A1 -B1 c
#--
printf '1\n2\n3\n4\n5\n6\n7\n8\n9\n' | grep -A1 -e 2 -e 6
#--
printf 'the cat\n' | grep --color=never cat
#--
printf 'x\n' > a; grep -r x a
#--
printf 'foo\nbar\n' | grep -n . 
#--
printf 'foo\nbar\n' | grep --count o
#--
printf 'ab\n' | grep -ow 'a'; echo st=$?
#--
printf 'a b\n' | grep -ow 'a'
#--
printf 'text\0more\n' > bin; grep -a more bin | od -c
#--
printf 'text\0more\n' > bin; grep -c more bin
#--
printf 'hello\n' | grep -E 'l{2}'
#--
printf 'a+b\n' | grep 'a+b'
#--
printf 'aab\n' | grep -o 'a\+b'
#--
printf 'x|y\n' | grep 'x|y'
#--
printf 'word1 word2\n' | grep -oE '\bw\w+'
#--
printf 'a\n' | grep -y A
#--
printf 'abc\n' | grep --only-matching --line-number b
#--
printf 'a\nb\n' | grep -z a | od -c
#--
mkdir -p d/s; echo hit > d/a.txt; echo hit > d/s/b; cd d; grep -r hit | sort; grep -rl hit | sort; grep -rc hit | sort
#--
printf 'foo=1 bar=2\n' | grep -oP '\w+(?==)'
#--
printf 'price: $42.50\n' | grep -oP '\$\K[0-9.]+'
#--
printf 'aaa bbb\n' | grep -P '(?<first>a+) b' -o
#--
printf 'Line1\nline2\n' | grep -P '(?i)line'
#--
printf 'a1\nb2\n' | grep -P '\d$'
#--
printf 'tab\there\n' | grep -P '\t' | cat -A
#--
printf 'x\n' | grep -P '['; echo st=$?
#--
printf 'abc\n' | grep -E 'a{,2}'
#--
printf 'a\nb\n' | grep -e a -e b -c
#--
printf 'a\n' | grep ''
#--
printf 'a\n' | grep -v ''; echo st=$?
#--
printf 'hello\n' | grep -o 'l*'
#--
printf 'x.y\n' | grep -F -x 'x.y'
#--
printf 'foo\nbar\n' > f; grep -n -e foo -e bar f
#--
printf 'foo\n' > f; grep -Z -l foo f | od -c
#--
mkdir -p d; printf 'x\n' > d/a.c; printf 'x\n' > d/b.h; grep -r --exclude='*.h' x d
#--
mkdir -p d/e; printf 'x\n' > d/e/a; grep -r x d --exclude-dir=e; echo st=$?
#--
printf 'x\n' > 'sp ace'; grep -H x 'sp ace'
#--
printf 'ab\n' | grep -b -o b
#--
printf 'AbC\n' | grep -io abc
#--
printf '1\n2\n3\n4\n5\n' | grep -m2 -c .
#--
printf 'a\n--\nb\n' | grep -- --
#--
printf 'a-b\n' | grep -e -b
#--
printf 'x\n' | grep -q x nonexist; echo st=$?
#--
printf 'x\n' | grep -s x nonexist -; echo st=$?
#--
printf 'price: $42.50\n' | grep -oP '\$\K[0-9.]+'
#--
printf 'key=value other=x\n' | grep -oP '\w+=\K\w+'
#--
printf '"version": "1.2.3",\n' | grep -oP '"version":\s*"\K[^"]+'
#--
printf 'a=1\nb=2\n' | grep -P 'b=\K2'
#--
printf 'foo123 bar456\n' | grep -oP '(foo|bar)\K\d+'
#--
printf 'x: 1\ny: 2\n' | grep -oP '^x: \K.*|^y: \K.*'
#--
printf 'id=42\n' | grep -cP 'id=\K\d+'
