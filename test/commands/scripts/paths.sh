basename /a/b/c.txt; basename /a/b/c.txt .txt; basename -s .txt x.txt y.txt; basename /a/b/
#--
basename -a a/b c/d; basename ''; basename /
#--
dirname /a/b/c; dirname a; dirname /; dirname a/b/; dirname //x
#--
mkdir -p d/e; touch d/e/f; realpath d/e/../e/f | sed "s|^$HOME|~|"
#--
mkdir -p d; ln -s d l; readlink -f l | sed "s|^$HOME|~|"; readlink l
#--
realpath --relative-to=. /; echo st=$?
#--
realpath -m a/../b/./c | sed "s|^$HOME|~|"
#--
echo a | tee out; echo b | tee -a out; cat out
#--
echo a | tee o1 o2 > /dev/null; cat o1 o2
#--
printf 'abc' > f; stat -c '%s %n' f
#--
printf 'abc' > f; chmod 640 f; stat -c '%a %A %F' f
#--
mkdir d; stat -c '%F %a' d
#--
printf 'abc' > f; stat --format='%s' f
#--
stat nonexist; echo st=$?
#--
mkdir d; touch d/b d/a d/.h; ls d; ls -a d; ls -1 d; ls -A d
#--
mkdir d; touch d/b d/a; ls -l d | awk '{print $1, $NF}'
#--
touch a b; ls -1 | wc -l
#--
mkdir -p d/s; touch d/f; ls -F d; ls -p d
#--
ls nonexist; echo st=$?
