mkdir -p d/sub; touch d/a.txt d/b.log d/sub/c.txt; find d -name '*.txt' | sort
#--
mkdir -p d/sub; touch d/a.txt d/B.TXT d/sub/c.txt; find d -iname '*.txt' | sort
#--
mkdir -p d/sub; touch d/a.txt d/sub/c.txt; find d -type d | sort
#--
mkdir -p d/sub/deep; touch d/a d/sub/b d/sub/deep/c; find d -maxdepth 1 | sort
#--
mkdir -p d/sub/deep; touch d/a d/sub/b d/sub/deep/c; find d -mindepth 2 | sort
#--
mkdir -p d/sub/deep; touch d/a d/sub/b d/sub/deep/c; find d -mindepth 1 -maxdepth 2 -type f | sort
#--
mkdir d; touch -d '2020-01-01' d/old; touch -d '2022-01-01' d/ref; touch -d '2023-01-01' d/new; find d -newer d/ref
#--
mkdir d; printf '%02000d' 0 > d/big; printf 'x' > d/small; find d -size +1k
#--
mkdir d; printf '%02000d' 0 > d/big; printf 'x' > d/small; find d -type f -size -2
#--
mkdir -p d/e; touch d/empty; echo x > d/full; find d -empty | sort
#--
mkdir -p d/skip d/keep; touch d/skip/x d/keep/y; find d -path d/skip -prune -o -type f -print
#--
mkdir -p d/skip d/keep; touch d/skip/x d/keep/y; find d -name skip -prune -o -print | sort
#--
mkdir d; echo hi > d/a; echo yo > d/b; find d -type f -exec cat {} \; | sort
#--
mkdir d; touch d/a d/b; find d -type f -print0 | sort -z | tr '\0' '\n'
#--
mkdir d; touch d/a.tmp d/b.txt; find d -name '*.tmp' -delete; ls d
#--
mkdir -p d/s; echo abc > d/s/f; find d -printf '%p %f %d %y\n' | sort
#--
mkdir -p d/s; echo abc > d/s/f; find d -type f -printf '%s %P\n'
#--
mkdir -p d/s; echo abc > d/s/f; find d -type f -printf '%h/%f\n'
#--
mkdir d; touch d/x; chmod 640 d/x; find d -type f -printf '%m %M\n'
#--
find nonexist; echo "st=$?"
#--
mkdir d; touch d/a; find d -name a -exec false {} \; ; echo "st=$?"
#--
mkdir d; touch d/a; find d -name a -exec false {} + ; echo "st=$?"
#--
mkdir -p a/b; touch a/b/c; find a -path '*/b/*'
#--
mkdir -p a/b; touch a/b/c a/x; find a -not -name x -type f
#--
mkdir -p a/b; touch a/b/c a/x; find a ! -type d | sort
#--
mkdir -p a; touch a/1.txt a/2.md; find a \( -name '*.txt' -o -name '*.md' \) | sort
#--
mkdir -p a; touch a/f; find a -type f -name f -print -quit
#--
touch f; find . -maxdepth 1 -name f
#--
touch f; find -name f
#--
mkdir -p a/b; touch a/b/c; find a -depth | head -n 1
#--
mkdir -p src/x; touch src/x/a.js src/b.ts; find src -type f \( -name '*.js' -o -name '*.ts' \) | sort | xargs -n1 basename
#--
mkdir d; touch d/a; find d -type f -execdir echo {} \;
#--
mkdir d; for i in 1 2 3; do echo $i > d/f$i; done; find d -type f | sort | xargs cat
#--
mkdir d; touch d/a d/b; find d -type f | wc -l
#--
mkdir d; echo x > d/a; find d -type f -size 1c; find d -type f -size 2c
#--
mkdir d; touch d/a; ln -s a d/l; find d -type l; find -L d -type l; echo st=$?
#--
mkdir d; touch d/.hidden d/vis; find d -name '.*' 
#--
mkdir d; touch d/a; find d -name a -ok echo {} \; < /dev/null; echo st=$?
#--
mkdir -p d/a/b; find d -type d -empty
#--
mkdir d; touch d/f; find d/ -type f
#--
mkdir d; touch d/f; find ./d -type f
#--
mkdir d; touch d/a d/b d/c; find d -type f | sort | head -2
#--
mkdir d; touch d/x.c d/y.h; find d -regex '.*\.[ch]' | sort
#--
mkdir d; touch d/x.c d/y.h; find d -regextype posix-extended -regex '.*\.(c|h)' | sort
#--
mkdir d; touch d/x; find d -type f -newer nonexist; echo st=$?
#--
mkdir d; touch d/x; find d -maxdepth; echo st=$?
#--
mkdir -p d/s; printf 'abc' > d/f; printf '' > d/s/e; find d -printf '%p|%P|%f|%h|%d|%y|%s|%m\n' | sort
#--
mkdir -p d; printf 'x' > d/f; find d -type f -printf '%-10f|%5s|\n'
#--
mkdir -p d; printf 'x' > d/f; find d -type f -printf 'no newline'; echo
#--
mkdir -p d; printf 'x' > d/f; find d -type f -printf '%%|\t|\\n|\101\n'
#--
mkdir -p d; ln -s f d/l; printf 'x' > d/f; find d -printf '%f %l %Y\n' | sort
#--
mkdir -p a/b/c; touch a/b/c/f; find a -mindepth 1 -maxdepth 2 -printf '%d %p\n' | sort
#--
mkdir -p d; touch d/a.txt d/b.TXT; find d -iname '*.txt' -printf '%f\n' | sort
#--
mkdir -p d; touch d/x; chmod 755 d/x; find d -perm -u=x -type f
#--
mkdir -p d; touch d/x d/y; chmod 644 d/x; chmod 600 d/y; find d -perm 600
#--
mkdir -p d; touch d/x; chmod 640 d/x; find d -type f -perm /g=r
#--
mkdir -p d; touch d/x d/y; find d -type f -name x -o -name y | sort
#--
mkdir -p d; touch d/x d/y; find d -type f \( -name x -o -name y \) -printf '%f\n' | sort
#--
mkdir -p d/.git/o d/src; touch d/.git/o/f d/src/a; find d -name .git -prune -o -type f -print
#--
mkdir -p d/node_modules/p d/src; touch d/node_modules/p/i.js d/src/m.js; find d -type f -name '*.js' -not -path '*/node_modules/*'
#--
mkdir -p d; touch d/a d/b; find d -type f | xargs -I{} sh -c 'echo processing {}' | sort
#--
mkdir -p d; printf 'a\n' > d/x.txt; printf 'b\nc\n' > d/y.txt; find d -name '*.txt' -exec cat {} + | sort
#--
mkdir -p d; touch d/f; find d -type f -exec sh -c 'echo "got $1"' _ {} \;
#--
mkdir -p d; touch d/f1 d/f2; find d -type f -exec ls {} \; | sort
#--
mkdir -p d; touch d/a; find d -type f -name a -exec rm {} \; ; ls d | wc -l
#--
mkdir -p d; touch d/a; find d -mmin -5 -type f; find d -mtime 0 -type f; find d -mtime +1 -type f; echo done
#--
mkdir -p d; touch d/a; find d -amin -60 -type f
#--
mkdir -p d; printf '%0100d' 0 > d/a; find d -size 100c; find d -size -1k -type f; find d -size +99c
#--
mkdir -p d; printf '%01025d' 0 > d/a; find d -size 2k; find d -size +1k; find d -size -3
#--
mkdir -p d/e; find d -empty; find d -type d -empty
#--
mkdir -p d; touch d/a; find d -links 1 -type f
#--
mkdir -p d; touch d/a; ln d/a d/b; find d -links 2 -type f | sort
#--
mkdir -p d; ln -s nowhere d/broken; find d -xtype l; find -L d -type l
#--
mkdir -p d; touch d/f; find d -samefile d/f
#--
mkdir -p d; touch d/a d/b; find d -type f -print -quit | wc -l
#--
mkdir -p d/a d/b; touch d/a/f d/b/f; find d -path 'd/a/*'
#--
mkdir -p d/a d/b; touch d/a/f d/b/f; find d -wholename '*b/f'
#--
mkdir -p d; touch d/abc d/xyz; find d -regex 'd/a.*'
#--
mkdir -p d; touch d/ABC; find d -iregex 'd/abc'
#--
mkdir -p d; touch 'd/sp ace'; find d -type f -print0 | xargs -0 ls
#--
mkdir -p d; touch d/a; find d d/a -maxdepth 0
#--
touch f; find f -type f
#--
find . -maxdepth 0
#--
mkdir -p d; find d/ -maxdepth 0; find d// -maxdepth 0
#--
mkdir -p d/s; touch d/s/f; cd d; find . -type f; find -type f; find s
#--
mkdir -p d; touch d/f; find d -type f -printf '%TY\n' | wc -c
#--
mkdir -p d; touch d/f; find d -name f -ls | wc -l
#--
mkdir -p d; touch d/f; find d -type f -readable; find d -type f -writable; find d -type f -executable; echo done
#--
mkdir -p d; touch d/f; find d -user "$(id -un)" -type f | wc -l
#--
mkdir -p d; touch d/a d/b; find d -type f -delete; find d
#--
mkdir -p d/e; touch d/e/f; find d -delete; ls d 2>&1; echo st=$?
#--
mkdir -p d; touch d/f; find d -name 'f' -printf '%p\n' -name nothing
#--
mkdir -p d; touch d/f; find d \! -name f
#--
mkdir -p d; touch d/f; find d -true -false; echo st=$?
#--
mkdir -p d; touch d/f d/g; find d -type f -name f -or -name g | sort
#--
mkdir -p d; touch d/f; find d -type f -a -name f
#--
find nope1 nope2; echo st=$?
#--
mkdir -p d; touch d/f; find d -name '[fg]'; find d -name 'f*' -name '*f'
#--
mkdir -p d; touch d/.hidden d/vis; find d -name '*' | sort; find d -name '.*'
#--
mkdir -p d/sub; touch d/sub/f; find d -depth -printf '%p\n'
#--
mkdir -p d; touch d/f; find d -maxdepth 1 -mindepth 1 -printf '%f\n'
#--
mkdir -p d; touch d/f; find d -name f -printf '%p %s\n' -exec echo hi \;
#--
mkdir -p d; touch d/a; ln -s a d/l; find -L d -type f | sort; find d -xtype f | sort
#--
mkdir -p d; ln -s nowhere d/broken; touch d/f; ln -s f d/ok; find d -xtype l; find -L d -xtype l | sort; find d -xtype f | sort
#--
mkdir -p d; touch d/f; find d -name f -fprint out; cat out
#--
mkdir -p d; touch d/f d/g; find d -type f -fprint0 out; tr '\0' '\n' < out | sort
#--
mkdir -p d; touch d/f; find d -type f -fprintf out '%f:%s\n'; cat out
#--
mkdir -p d; touch d/f; echo old > out; find d -name nothing -fprint out; wc -c < out
#--
mkdir -p d; touch d/f; find d -type f -fprint out -print; cat out
