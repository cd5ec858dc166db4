expr 1 + 2; expr 10 / 3; expr 10 % 3; expr 2 \* 3
#--
expr length hello; expr substr hello 2 3; expr index hello l
#--
expr hello : 'h\(.*\)o'; expr hello : '.*'
#--
expr 1 = 1; expr 1 = 2; echo st=$?
#--
expr 0; echo st=$?
#--
expr a \< b; expr 10 \> 9; expr abc \> abd
#--
expr 1 / 0; echo st=$?
#--
expr x + 1; echo st=$?
#--
echo '1+2*3' | bc
#--
echo 'scale=3; 10/3' | bc
#--
echo '2^10' | bc
#--
echo 'sqrt(2)' | bc -l
#--
echo '10/3' | bc -l
#--
echo 'a=5; b=a*2; b' | bc
#--
echo '-5 % 3' | bc
#--
echo 'obase=16; 255' | bc
#--
echo 'ibase=2; 1010' | bc
#--
echo '1.5 * 2' | bc
#--
echo 'scale=2; 1/3*3' | bc
#--
echo '3 > 2' | bc
#--
echo 'define f(x) { return x*x }; f(4)' | bc
#--
echo 'for (i=0;i<3;i++) i' | bc
#--
echo '12345678901234567890 * 98765432109876543210' | bc
#--
echo 'scale=20; 4*a(1)' | bc -l
#--
echo '1/0' | bc; echo st=$?
#--
factor 12 97 1 0 100000000000000000039 18446744073709551617
#--
factor abc 2>/dev/null; echo st=$?
#--
echo '30 7' | factor
#--
factor -- -5 2>/dev/null; echo st=$?
#--
factor 9999999967 600851475143 1234567890123456789
#--
seq 2 20 | factor | awk -F: '$2 ~ /^ [0-9]+$/ {print $1}' | tr '\n' ' '
#--
factor 340282366920938463463374607431768211455
