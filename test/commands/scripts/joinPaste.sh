printf 'a\nb\nc\n' > f1; printf 'b\nc\nd\n' > f2; comm f1 f2
#--
printf 'a\nb\nc\n' > f1; printf 'b\nc\nd\n' > f2; comm -12 f1 f2
#--
printf 'a\nb\nc\n' > f1; printf 'b\nc\nd\n' > f2; comm -23 f1 f2
#--
printf '1 a\n2 b\n3 c\n' > f1; printf '1 x\n3 z\n4 w\n' > f2; join f1 f2
#--
printf '1 a\n2 b\n3 c\n' > f1; printf '1 x\n3 z\n4 w\n' > f2; join -a1 f1 f2
#--
printf '1 a\n2 b\n3 c\n' > f1; printf '1 x\n3 z\n4 w\n' > f2; join -v2 f1 f2
#--
printf '1,a\n2,b\n' > f1; printf '1,x\n2,y\n' > f2; join -t, f1 f2
#--
printf 'a 1\nb 2\n' > f1; printf '1 x\n2 y\n' > f2; join -1 2 -2 1 f1 f2
#--
printf '1 a b\n2 c d\n' > f1; printf '1 x\n2 y\n' > f2; join -o 1.3,2.2 f1 f2
#--
printf '1 a\n2 b\n' > f1; printf '1 x\n3 y\n' > f2; join -a1 -a2 -e NULL -o auto f1 f2
#--
seq 3 > a; seq 4 6 > b; paste a b
#--
seq 3 > a; seq 4 6 > b; paste -d, a b
#--
seq 6 | paste -sd+ | bc
#--
seq 6 | paste - - -
#--
seq 3 > a; paste -s a
