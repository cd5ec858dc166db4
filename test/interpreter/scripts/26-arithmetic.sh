# Arithmetic: **, bases, overflow wrap, division by zero, operators, let.
echo $(( 2**10 )) $(( 2**63 )) $(( 2**64 )) $(( (-2)**3 )) $(( 0**0 ))
#--
echo $(( 16#ff )) $(( 8#17 )) $(( 2#1010 )) $(( 36#zz )) $(( 64#_ )) $(( 0xFF )) $(( 077 ))
#--
echo $(( 9223372036854775807 + 1 )) $(( -9223372036854775808 - 1 )) $(( 9223372036854775807 * 2 ))
#--
echo $(( -9223372036854775808 / -1 )) 2>&1; echo $(( -9223372036854775808 % -1 )) 2>&1
#--
echo $(( 10 / 3 )) $(( -10 / 3 )) $(( 10 % 3 )) $(( -10 % 3 )) $(( 10 % -3 ))
#--
echo $(( 1/0 )) 2>&1; echo "st=$?"
#--
x=$(( 5 % 0 )) 2>&1; echo "never"
#--
echo $(( 1 << 63 )) $(( 1 << 64 )) $(( -1 >> 1 )) $(( 1 << -1 ))
#--
echo $(( 5 > 3 )) $(( 5 == 5 )) $(( 5 != 5 )) $(( !0 )) $(( ~0 )) $(( 5 & 3 )) $(( 5 | 3 )) $(( 5 ^ 3 ))
#--
echo $(( 1 && 0 )) $(( 0 || 2 )) $(( 1 ? 10 : 20 )) $(( 0 ? 10 : 20 )) $(( (1,2,3) ))
#--
a=5; echo $(( a += 2, a * 2 )) $a; echo $(( a = a > 5 ? 100 : 0 )) $a
#--
x=3; y=x; echo $(( y + 1 )) $(( y )); z="x+1"; echo $(( z * 2 ))
#--
echo $(( 010 + 0x10 + 2#10 )); echo $(( " 12 " + 1 ))
#--
i=0; while (( i < 3 )); do echo $i; (( i++ )); done; (( i == 3 )) && echo three
#--
(( 0 )); echo $?; (( 1 )); echo $?; (( -1 )); echo $?; (( x = 0 )); echo $?
#--
echo $(( 3 ** 2 ** 2 )) $(( -3 ** 2 )) $(( 2 ** -1 )) 2>&1
#--
let x=5 y=x*2; echo $x $y; let "z = 1 + 2"; echo $z; let 0; echo $?
#--
echo $((RANDOM < 32768)) $(( ${#BASH_VERSION} > 0 ))
#--
arr=(10 20 30); echo $(( arr[1] + arr[2] )) $(( ${#arr[@]} * 2 )); i=1; echo $(( arr[i+1] ))
#--
declare -A m=([a]=5); echo $(( m[a] * 2 )); k=a; echo $(( m[$k] + 1 ))
#--
echo $(( 1 +
2 ))
#--
n=07; echo $(( 10#$n + 1 )); n=08; echo $(( 10#$n ))
#--
printf '%d\n' $(( 0x7fffffffffffffff )); echo $(( 18446744073709551615 ))
#--
x=; echo $(( x + 1 )); unset y; echo $(( y * 5 ))
#--
echo $(( 4 / 2 * 3 )) $(( 2 + 3 * 4 )) $(( (2 + 3) * 4 )) $(( 10 - 2 - 3 ))
#--
echo $(( 1 < 2 < 3 )) $(( 5 - -2 )) $(( - - 3 )) $(( +-+3 ))
#--
v=1; echo $(( v++ + ++v )) $v
#--
echo $[ 2 + 3 ] $[ 10 / 2 ]
#--
echo $(( 2#102 )) 2>&1; echo after
#--
echo $(( 1.5 + 1 )) 2>&1; echo after
#--
echo $(( a b )) 2>&1; echo after
#--
echo $(( )) "[$(( ))]"
#--
x=10; (( x /= 3, x *= 2 )); echo $x; (( x <<= 1 )); echo $x; (( x ^= 5 )); echo $x; (( x |= 64 )); echo $x
#--
(( '1' + 1 )); echo $?
#--
let "'1'+1"; echo $?
#--
a=(1 2); echo ${a['1']}
#--
s=abc; echo ${s:'1'}
#--
for (( i='0'; i<2; i++ )); do echo $i; done; echo after
#--
declare -A m; m['k']=1; echo ${!m[@]} ${m['k']}; echo ${m["k"]}
#--
x=$(( "'1'" )); echo $x
#--
echo $(( '1' ))
#--
echo $(( "1" + "2" ))
#--
declare -i i; i="'1'"; echo $i
#--
echo $(( a['1'] ))
#--
[[ '1' -eq 1 ]]; echo $?
#--
echo $(( '' ))
#--
[[ 1 -eq "x+" ]]; echo after $?
#--
[[ 1 -eq 1/0 ]]; echo after $?
#--
for ((i=1/0;;)); do :; done; echo after $?
#--
for ((i=0; i<1/0; i++)); do :; done; echo after $?
#--
x=1; x+=$((1/0)); echo after $?
#--
echo $((1/0)) || echo or; echo after $?
#--
f() { echo $((1/0)); echo in f; }; f; echo after $?
#--
( echo $((1/0)); echo in sub ); echo after $?
#--
echo "$( echo $((1/0)); echo in cs )"; echo after $?
#--
if (( 1/0 )); then echo y; else echo n; fi; echo after
#--
case $((1/0)) in *) echo c;; esac; echo after
#--
for i in $((1/0)); do echo $i; done; echo after
#--
a[1/0]=3; echo after $?
#--
echo ${a[1/0]}; echo after $?
#--
s=abc; echo ${s:1/0}; echo after $?
#--
test 1 -eq x; echo after $?
#--
[ 1 -eq 1/0 ]; echo after $?
#--
declare -i n=1/0; echo after $?
#--
n=$[1/0]; echo after
#--
cat <<EOF
$((1/0))
EOF
echo after $?
#--
echo $(( 2 ** 63 )) $(( -2 ** 63 )) $(( 9223372036854775807 + 1 ))
#--
echo $(( 9223372036854775808 ))
#--
echo $(( 0x )) ; echo after
#--
echo $(( 1 ? 2 )) ; echo after
#--
echo $(( x = )) ; echo after
#--
echo $(( 3 = 4 )) ; echo after
#--
echo $(( ++5 )) $(( --5 )); echo after
#--
echo $(( 5++ )); echo after
#--
echo $(( 64#@ )) $(( 64#_ )) $(( 2#101 )) $(( 36#z )) $(( 37#1 )); echo after
#--
set -u; (( y + 1 )); echo after $?
#--
set -u; [[ y -eq 1 ]]; echo after $?
#--
set -u; for ((i=y;;)); do :; done; echo after $?
#--
set -u; let y+1; echo after $?
#--
declare -i n; n=1/0; echo after
#--
x=$(( $(echo 1/0) )); echo after
#--
(( $(echo 1 +) )); echo after $?
#--
echo $(( ${x:?} )); echo after
#--
s=abc; echo ${s:$((1/0))}; echo after
#--
set -u; echo $x; echo after
#--
echo ${x:?oops}; echo after
#--
set -u; (echo $x); echo after $?
#--
set -u; f(){ echo $y; }; f; echo after
#--
set -u; a=(); echo ${a[0]}; echo after
#--
set -u; echo "${@}"; echo $1; echo after
#--
printf 'set -u\necho $x\necho after\n' > u.sh; bash u.sh; echo "file rc=$?"; x=$(set -u; echo $y; echo in); echo "cs rc=$? [$x]"; bash -c 'set -u; echo $z'; echo "c rc=$?"
#--
set -u; source /dev/null; printf 'echo $nope\n' > v.sh; source v.sh; echo after
