printf 'a\nb\nc\n' | sed -n '2p'
#--
printf 'hello world\n' > f; sed -i 's/world/there/' f; cat f
#--
printf 'hello world\n' > f; sed -i.bak 's/world/there/' f; cat f f.bak
#--
printf 'a1\nb2\n' | sed -E 's/([a-z])([0-9])/\2\1/'
#--
seq 10 | sed -n '3,5p'
#--
seq 10 | sed '3,$d'
#--
seq 10 | sed -n '/4/,/6/p'
#--
seq 10 | sed -n '$p'
#--
seq 10 | sed '1~3d'
#--
echo hello | sed 'y/abcdefghij/ABCDEFGHIJ/'
#--
printf 'a\nb\n' | sed '1a\
after'
#--
printf 'a\nb\n' | sed '1a after'
#--
printf 'a\nb\n' | sed '2i before'
#--
printf 'a\nb\n' | sed '/a/c changed'
#--
printf 'a\nb\nc\n' | sed -n 'h;n;G;p'
#--
printf '1\n2\n3\n' | sed '1!G;h;$!d'
#--
printf 'a\nb\n' > f1; printf 'c\nd\n' > f2; sed -n '$p' f1 f2
#--
printf 'a\nb\n' > f1; printf 'c\nd\n' > f2; sed -s -n '$p' f1 f2
#--
printf 'a\nb\n' > f1; printf 'c\nd\n' > f2; sed -s '1i header' f1 f2
#--
printf 'a\nb\n' > f1; printf 'c\nd\n' > f2; sed -i 's/^/> /' f1 f2; cat f1 f2
#--
printf 'path/to/file\n' | sed 's|/|\\|g'
#--
printf 'foo bar\n' | sed 's/\(foo\) \(bar\)/\2 \1/'
#--
printf 'aaa\n' | sed 's/a/b/2'
#--
printf 'hello\n' | sed 's/.*/"&"/'
#--
printf 'CamelCase\n' | sed 's/[A-Z]/_\l&/g'
#--
printf 'x=1\ny=2\n' | sed -n 's/^\(.*\)=\(.*\)$/\1 is \2/p'
#--
printf '  trim me  \n' | sed 's/^[[:space:]]*//;s/[[:space:]]*$//' | od -c
#--
printf 'line1\nline2\nline3\n' | sed -n '2{p;q}'
#--
printf 'a\n\n\nb\n\n' | sed '/^$/d'
#--
printf 'a\nb\nc\n' | sed '$!s/$/,/'
#--
printf 'a\nb\nc\n' | sed ':a;N;$!ba;s/\n/,/g'
#--
printf 'a b c\n' | sed 's/ /\n/g'
#--
printf 'k: v\n' | sed -e 's/k/K/' -e 's/v/V/'
#--
printf 's/a/b/\n' > script.sed; printf 'aaa\n' | sed -f script.sed
#--
printf 'abc\n' | sed 's/b*/X/g'
#--
printf 'hello\n' | sed 's/l\+/L/'
#--
printf 'hello\n' | sed -E 's/l+/L/'
#--
printf 'hello\n' | sed 's/l{2}/L/'
#--
printf 'hello\n' | sed -E 's/(h)(e)/\2\1/'
#--
printf 'one\ntwo\nthree\n' | sed '2q'
#--
printf 'one\ntwo\n' | sed = 
#--
printf 'one\ntwo\n' | sed -n '/one/{n;p}'
#--
printf 'foo\n' | sed 's/foo/a\tb/'
#--
printf 'foo\n' | sed 's/o/0/gw out.txt'; cat out.txt
#--
printf 'a.b.c\n' | sed 's/\./-/2'
#--
printf 'MiXeD\n' | sed 's/.*/\U&/'
#--
printf 'MiXeD\n' | sed 's/.*/\L&/'
#--
printf 'ab\n' | sed 's/\(a\)\(b\)/\u\1\U\2x\E!/'
#--
printf 'x\n' | sed 'r /dev/null'
#--
printf 'ins\n' > ins; printf 'a\nb\n' | sed '1r ins'
#--
printf 'a\nb\n' | sed 'R /dev/null'
#--
printf 'x\n' | sed --expression='s/x/y/'
#--
printf 'a\nb\nc\nd\n' | sed -n '2,+1p'
#--
printf 'a\nb\nc\nd\n' | sed '0,/b/d'
#--
printf 'abc\n' | sed -n 'l'
#--
printf 'a\tb\n' | sed -n 'l'
#--
printf 'x\n' | sed 's/x/[&]/; s/\[/(/'
#--
printf 'x\n' | sed 'bad'; echo st=$?
#--
sed 's/a/b/' nonexist; echo st=$?
#--
printf 'a\n' | sed -n '/a/!p'
#--
printf 'one\n' | sed 'a\'; echo st=$?
#--
printf 'one\ntwo\n' | sed '1d;s/t/T/'
#--
printf '<b>bold</b>\n' | sed 's/<[^>]*>//g'
#--
printf 'a,b,"c,d"\n' | sed 's/,/;/g'
#--
printf 'ver=1.2.3\n' | sed -E 's/.*=([0-9]+)\.([0-9]+)\.([0-9]+)/\1 \2 \3/'
#--
printf 'x\ny\n' | sed '$a\END'
#--
printf 'x\ny\n' | sed '1i\START'
#--
printf 'x\ny\n' | sed -n '/x/{s/x/X/;p;}'
#--
printf 'abc' | sed 's/c/C/'
#--
printf 'abc' | sed '$a tail'
#--
printf 'a b\n' | sed 's/\s/_/'
#--
printf 'a b\n' | sed 's/\S/_/g'
#--
printf 'foo123\n' | sed 's/[0-9]\{2,\}/N/'
#--
printf 'hello\n' | sed 'y/el/ip/'
#--
printf 'a\n' | sed -z 's/\n/X/'
#--
printf 'a\nb\n' | sed 'N;s/\n/+/'
#--
printf 'a\nb\nc\n' | sed 'N;s/\n/+/'
#--
printf 'a\nb\nc\n' | sed '$!N;P;D'
#--
printf 'a b c\n' | sed 's/\w\+/[&]/3'
#--
printf 'HTTP/1.1 200 OK\n' | sed -E 's#^HTTP/[0-9.]+ ([0-9]{3}).*#\1#'
#--
printf 'a\nb\nc\n' | sed -n '2!p'
#--
printf 'a\nb\nc\n' | sed '2,3!d'
#--
printf 'foo\nbar\n' | sed '/foo/{
s/foo/FOO/
a\
appended
}'
#--
printf '#comment\ncode\n' | sed '/^#/d'
#--
printf 'k=v\n' > f; sed -i -e 's/k/K/' -e 's/v/V/' f; cat f
#--
printf 'k=v\n' > f; sed -n -i 's/k/K/p' f; cat f
#--
printf 'a\n' > f; ln -s f l; sed -i 's/a/b/' l; cat f; [ -L l ] && echo link || echo nolink
#--
printf 'abc' | sed p | od -c
#--
printf 'abc' | sed '$i x' | od -c
#--
printf 'abc' | sed = | od -c
#--
printf 'abc' | sed l | od -c
#--
printf 'abc' | sed 'w /dev/stdout' | od -c
#--
printf 'abc' | sed -n 'p;p' | od -c
#--
printf 'a' | sed -z p | od -c
#--
printf 'x\n' | sed 'a\
' | od -c
#--
printf 'x\n' | sed 'c\' | od -c
#--
printf 'x\n' | sed -e 'a\' -e 'foo' | od -c
#--
printf 'x' > ins; printf 'a\nb\n' | sed '1r ins' | od -c
#--
printf 'x' > ins; printf 'a\nb' | sed '$r ins' | od -c
#--
printf 'x' > ins; printf 'a\nb\n' | sed 'R ins' | od -c
#--
printf a > f1; printf 'b\n' > f2; sed 'w out' f1 f2 | od -c; od -c out
#--
printf 'a\nb' | sed 'N;P;D' | od -c
#--
printf 'abc' | sed 's/b/X/w /dev/stdout' | od -c
#--
printf 'a\n' > f; ln -s f l; sed -i --follow-symlinks 's/a/b/' l; cat f; [ -L l ] && echo link || echo nolink
#--
printf 'a\n' > f; chmod 600 f; ln -s f l; sed -i 's/a/b/' l; stat -c %a l
#--
printf 'abc' > f; sed -i 's/b/B/' f; od -c f
#--
printf 'a\nb\n' | sed '1i\
multi\
line'
#--
printf 'a\nb\n' | sed '2c\
new'
#--
printf 'a\nb\nc\n' | sed '1,2c\
range'
#--
printf 'a\nb\n' | sed -n '/a/{n;p}'
#--
printf 'a,b\n' | sed 's/,/\n/' | wc -l
#--
printf 'abc\n' | sed 's/\(a\)\|b/X/g'
#--
printf 'aaa\n' | sed 's/a/b/3g'
#--
printf 'one two\n' | sed -E 's/(\w+) (\w+)/\2 \1/'
#--
printf 'a\nb\nc\n' | sed '2!d'
#--
printf 'a\nb\nc\n' | sed -n '$='
#--
printf 'x\n' > f1; printf 'y\nz\n' > f2; sed -n '$=' f1 f2; sed -sn '$=' f1 f2
#--
printf 'a\nb\n' | sed 'a\' -e 'x'
#--
printf 'hello\n' | sed 's/l/L/2'
#--
printf 'a b c\n' | sed 's/ /_/2g'
#--
printf 'abc\n' | sed -E 's/(b)?c/[\1]/'
#--
printf 'a\n' | sed 's/a/\x41/'
#--
printf 'a\n' | sed 's/a/\o101/'
#--
printf 'a.b\n' | sed 's/\./\\/'
#--
printf 'a/b\n' | sed 's#/#\\/#'
#--
printf '1\n2\n3\n4\n' | sed -n '2,3!p'
#--
printf 'x\n' | sed '1!G;h;$!d'
#--
printf 'AbC\n' | sed 's/abc/x/I'
#--
printf 'ab\ncd\n' | sed 'N;s/^c/X/Mg'
#--
printf 'a\nb\nc\nd\n' | sed '/b/,+1d'
#--
printf 'a\nb\nc\nd\n' | sed '/a/,/x/d'; echo done
#--
printf 'x\n' | sed -n 'p' -n
#--
printf 'x\n' | sed --quiet p
#--
printf 'abc\n' | sed 'y/abc/\n\t\\/' | od -c
