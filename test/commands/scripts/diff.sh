printf 'a\nb\nc\n' > old; printf 'a\nB\nc\nd\n' > new; diff -u old new | tail -n +3
#--
printf 'a\nb\nc\n' > old; printf 'a\nB\nc\nd\n' > new; diff old new; echo st=$?
#--
printf 'a\n' > x; cp x y; diff x y; echo st=$?
#--
printf 'a\n' > x; diff x nonexist; echo st=$?
#--
seq 1 20 > a; seq 1 20 | sed 's/^10$/ten/' > b; diff -u a b | tail -n +3
#--
seq 1 30 > a; seq 1 30 | sed -e 's/^5$/five/' -e 's/^25$/tf/' > b; diff -u a b | tail -n +3
#--
printf 'a\nb\n' > a; printf 'a\nb' > b; diff a b; echo st=$?
#--
printf 'a\nb\n' > a; printf 'a\nb' > b; diff -u a b | tail -n +3
#--
printf 'x\n' > a; printf 'y\n' > b; diff -q a b; echo st=$?
#--
printf 'x\n' > a; printf 'y\n' > b; diff -s a a; echo st=$?
#--
mkdir d1 d2; echo a > d1/f; echo b > d2/f; echo c > d1/only; diff -r d1 d2; echo st=$?
#--
printf 'a b\n' > a; printf 'a  b\n' > b; diff -w a b; echo st=$?
#--
printf 'A\n' > a; printf 'a\n' > b; diff -i a b; echo st=$?
#--
printf 'a\n\nb\n' > a; printf 'a\nb\n' > b; diff -B a b; echo st=$?
#--
printf '1\n2\n3\n4\n5\n6\n7\n8\n' > a; printf '1\n2\nX\n4\n5\n6\n7\nY\n' > b; diff -U1 a b | tail -n +3
#--
printf '1\n2\n3\n' > a; printf '1\n3\n' > b; diff -c a b | tail -n +3
#--
printf 'a\nb\n' > a; printf 'b\nc\n' > b; diff --side-by-side -W 20 a b; echo st=$?
#--
printf 'a\nb\n' > a; printf 'b\nc\n' > b; diff -y a b; echo st=$?
#--
printf 'a\nc\n' > a; printf 'b\nc\n' > b; diff --brief a b; echo st=$?
#--
printf 'a\nc\n' > a; printf 'b\nc\n' > b; diff -u --label x --label y a b
#--
printf 'a\nb\n' > a; printf 'b\nc\n' > b; diff -y --suppress-common-lines a b; echo st=$?
#--
printf 'a\nb\nc\n' > a; printf 'b\nc\nd\n' > b; diff -y --left-column -W 30 a b
#--
printf 'x\n' > a; printf 'y' > b; diff -y -W 30 a b
#--
printf '' > e; printf 'a\nb\n' > a; diff -c e a | tail -n +3; diff -c a e | tail -n +3
#--
printf '1\n2\n3\n4\n5\n6\n7\n8\n9\n' > a; printf '1\n\n2\n3\n4\nX\n6\n7\n8\n9\n' > b; diff -B -u a b | tail -n +3; diff -B a b; diff -B -U1 a b | tail -n +3
#--
printf 'a\n \nb\n' > a; printf 'a\nb\n' > b; diff -B a b; echo st=$?; diff -B -b a b; echo st=$?
#--
printf '}\n}\nx\n}\n' > a; printf '}\nx\n}\n}\n' > b; diff a b; diff -u a b | tail -n +3
#--
printf 'int f() {\n  return 1;\n}\n\nint g() {\n  return 2;\n}\n' > a; printf 'int f() {\n  return 1;\n}\n\nint h() {\n  return 3;\n}\n\nint g() {\n  return 2;\n}\n' > b; diff a b; diff -u a b | tail -n +3
#--
printf 'same\n' > a; cp a b; diff -y a b; echo st=$?
#--
printf 'a\n' > a; printf 'b\n' > b; diff -u -c a b; echo st=$?
#--
printf 'abcdef\nxyz\n' > c1; printf 'abXdef\nxyQ\n' > c2; printf 'abc' > c3; : > c4; printf 'abcdef\n' > c9; printf 'ab\ncd' > ca; printf 'ab\ncdef' > cb; printf '\x01\x80\xe9\x7f\x9f' > cc; printf 'aaaaa' > cd; seq 1 1000 > c7; seq 1 1000 | sed 's/999/998/' > c8
for c in "cmp c1 c2" "cmp -b c1 c2" "cmp -l c1 c2" "cmp c1 c3" "cmp c3 c1" "cmp c4 c1" "cmp -s c1 c2" "cmp c1 nofile" "cmp -n 2 c1 c2" "cmp -i 3 c1 c2" "cmp c1 c2 3 3" "cmp -l c1 c3" "cmp c1 c1" "cmp -bl c1 c2" "cmp --print-bytes c1 c2" "cmp c1 c9" "cmp c9 c1" "cmp ca cb" "cmp -bl cc cd" "cmp -b cc cd" "cmp -n 0 c1 c2" "cmp -i 2:3 c1 c2" "cmp --ignore-initial=1 c1 c2" "cmp -l -n 5 c1 c2" "cmp c1 c2 0x1 1" "cmp -i 1k c7 c8" "cmp -i 1kB c7 c8" "cmp -i 1KiB c7 c8" "cmp -s c1 nofile" "cmp -s c1 c3" "cmp --verbose c1 c2" "cmp -l c7 c8" "cmp -i x c1 c2" "cmp -n x c1 c2" "cmp c1 c2 x" "cmp -l -s c1 c2" "cmp . c1" "cmp c1 c2 1 2 3" "cmp -i 010 c1 c2" "cmp" "cmp -x c1 c2"; do echo "== $c"; $c 2>&1; echo "st=$?"; done
#--
printf 'abc\n' > f; cmp - f < f; echo st=$?; printf 'abd\n' | cmp f; echo st=$?; cmp f - < /dev/null; echo st=$?
#--
printf 'x\n' > a; cp a b; cmp -s a b && echo same; printf 'y\n' > b; cmp -s a b || echo differ
#--
cmp --help | head -1; diff --help | head -1
