# set -x traces, syntax errors, quoting and small language corners; messages through 2>&1.
set -x; echo "a b" c; x=1; y="q r"; echo $y; set +x
#--
exec 2>&1; set -x; for i in 1 2; do echo $i; done; if [[ $i == 2 ]]; then echo two; fi; set +x
#--
exec 2>&1; set -x; f() { echo "in f $1"; }; f arg; (( 1 + 1 )); a=(1 2); case x in x) : ;; esac
#--
exec 2>&1; set -x; echo $(echo sub) "$(echo "q")"; x=$(echo y); echo 'single' "dq $x"
#--
exec 2>&1; set -x; cat <<EOF
heredoc
EOF
echo done
#--
exec 2>&1; set -x; echo 'it'\''s' $'tab\t' "" ''; true && false || echo or
#--
exec 2>&1; PS4='>> '; set -x; echo custom; PS4='+$LINENO: '; echo lineno
#--
exec 2>&1; set -v; echo verbose; x=1
#--
exec 2>&1; set -x; while false; do :; done; until true; do :; done; for ((i=0;i<1;i++)); do echo $i; done
#--
exec 2>&1; set -x; ! true; { echo grp; }; (echo sub)
#--
exec 2>&1; set -x; x=(a b); x+=(c); declare -A m; m[k]=v; export E=1; readonly R=2; local 2>/dev/null; echo end
#--
exec 2>&1; set -x; x=abc; [[ $x == a* && -n "$x" ]]; [[ ! -z $x || 1 -eq 2 ]]; [[ ( $x =~ ^a ) ]]; [[ $x ]]; case "$x" in a*) ;; esac; select y in a; do break; done <<< 1
#--
exec 2>&1; set -x; x="a b"; [[ $x == "a b" ]]; [[ -n $x ]]; for i in "$x" c; do :; done; case $x in *) ;; esac; for ((i=0; i<1; i++)); do :; done; select y in "$x"; do break; done <<< 1; for k; do :; done
#--
exec 2>&1; set -x; set -- a b; for k; do :; done; [[ "a.b" =~ "a."b ]]
#--
if true; then echo x
#--
echo "unterminated
#--
for i in 1 2; do echo $i
#--
case x in x) echo;;
#--
echo $(( 1 + 2 )
#--
f() { echo x
#--
echo 'single
#--
echo ${x
#--
while true; do; done
#--
if; then fi
#--
echo a | | b
#--
echo a &&
#--
echo a; ;
#--
{ echo a }
#--
echo ok; fi
#--
done
#--
echo $(echo "unclosed)
#--
echo `echo unclosed
#--
cat <<EOF
unterminated heredoc
#--
function { echo; }
#--
(( 1 +
#--
echo a >
#--
echo a; then echo b
#--
select x in; do break; done; echo st=$?
#--
case x in (x) echo paren-pattern;; esac
#--
case x in x) ;; *) echo no ;; esac; echo "st=$?"
#--
f() ( echo subshell-body ); f; g() [[ 1 == 1 ]]; g && echo cond-body
#--
function h { echo h-body; }; h; function k() { echo k-body; }; k
#--
a=1 b=2 c=3; echo $a$b$c
#--
echo a\
b
#--
echo "a\
b"; echo 'a\
b'
#--
echo $'\'' "\"" '\' "\\"
#--
echo "${x:-a}"b'c'"d"$'e'
#--
x=1; echo "$x"'$x'"\$x"\$x
#--
echo -n ; echo -e 'a\tb'; echo -E 'a\tb'; echo -ne 'x\n'; echo -- -n; echo -en
#--
echo -e '\x41\0101\u0041\c ignored'; echo after
#--
echo '#not comment' #comment; echo a#b
#--
echo a;#comment
echo b
#--
: ${a:=1} ${b=2}; echo $a $b
#--
true | false; echo ${PIPESTATUS[@]}; false | true | (exit 3); echo ${PIPESTATUS[*]} $?
#--
! (exit 2); echo $?; ! false | true; echo $?
#--
f() { local -; set -e; echo "in: $-"; }; f; echo "out: $-"
#--
f() { local -; set +B; set -u; }; echo "$-"; f; echo "$-"; g() { set -f; }; g; echo "$-"
#--
f() { local - x=1; set -x; echo $x; }; f 2>&1; echo after
#--
local - 2>&1; echo "st=$?"
#--
echo $-; (echo $-); echo "$(echo $-)"; bash -c 'echo $-'; printf 'echo $-\n' > dm.sh; bash dm.sh; set -x; echo $- 2>/dev/null
#--
case $- in *i*) echo interactive;; *) echo non-interactive;; esac; [[ $- == *e* ]] || echo "no errexit"
#--
x="a
b" nope 2>&1
x=1 nope "a
b" 2>&1
nope x=1 "a
b" 2>&1
> /dev/null nope "a
b" 2>&1
nope 2>&1 > /dev/null "a
b"
nope "a
b" c 2>&1
nope \
  a 2>&1
#--
echo $LINENO "
" $LINENO; nope 2>&1
x=1 y="
" nope2 2>&1; echo $LINENO
echo "a
b" ${q:-$LINENO}
#--
true
cat <<EOF
$LINENO
EOF
nope "a
b
c" 2>&1
f() {
  echo $LINENO "
  "
}
f
#--
echo $LINENO "a
b" $LINENO
echo $LINENO \
  $LINENO
for i in 1; do
  echo $LINENO
done
if true
then echo $LINENO; fi
case x in
 x) echo $LINENO
esac
(( 1/0 
 )) 2>&1
[[ 1 -eq x+
]] 2>&1
echo $LINENO
f() {
 echo $LINENO
}
f
cat <<EOF
$LINENO
EOF
x=$(
echo $LINENO)
echo $x
