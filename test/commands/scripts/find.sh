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
