import { differential } from "./differential.js"

differential("printf corner cases", [
  { script: "printf '%s|%s\\n' a; printf '%d|%s\\n'; printf 'x\\n' extra args; echo $?", stderr: true },
  { script: "printf '%5%|\\n'; printf '%-5s|%5s|\\n' \u00e9 \u00fc; printf '%.1s|%3c|\\n' \u00e9a \u00e9", stderr: true },
  { script: "printf '%q\\n' '' 'a\nb' $'\\t' '\u00e9' '~x' 'a=b' '#c' '!x' '*'", stderr: true },
  { script: "printf '%d\\n' 9223372036854775807 9223372036854775808 -9223372036854775809 18446744073709551616; echo $?", stderr: true },
  { script: "printf '%u %x\\n' -1 -1; printf '%o\\n' -8", stderr: true },
  { script: "printf '%f %.0f %.1f\\n' 2.5 2.5 0.05; printf '%e\\n' 0; printf '%g %g %g\\n' 100000 1000000 1e-5", stderr: true },
  { script: "printf '%d\\n' '  12' '12  ' ' -3' '+4' '1e3'; echo $?", stderr: true },
  { script: "printf '%s\\n' \"%d\" ; printf -- '-%s\\n' x; printf '%b\\n' '--' '\\\\'", stderr: true },
  { script: "printf '%*s|\\n' -5 x; printf '%.*f\\n' 2 3.14159; printf '%0*d\\n' 5 42", stderr: true },
  { script: "printf '%(%Y)T\\n' 0; printf '%(%F %T)T\\n' 86400; TZ=UTC printf '%(%H:%M)T\\n' 3600", stderr: true },
  { script: "printf '%x %X %#x %#o\\n' 255 255 255 8; printf '%+.3e\\n' -12345.678", stderr: true },
  { script: "printf '%c' ''; printf '[%c]\\n' 'abc'; printf '%5.2s|\\n' abc", stderr: true },
  { script: "printf '%i %d\\n' \"'\u00e9\" \"'\"; printf \"%d\\n\" \\'", stderr: true },
  { script: "printf 'a\\0b' | od -c; printf '%s\\0' x y | od -c", stderr: true },
  { script: "printf '%s %s %s\\n' 1 2 3 4 5; printf '%b %s\\n' 'a\\tb' c 'd\\te'", stderr: true },
  { script: "printf '%.3d|%-+5d|% d\\n' 5 3 7; printf '%#.3g|%-8.3e|\\n' 1 123456", stderr: true },
  { script: "printf '%ld %lld %hd %zd\\n' 1 2 3 4", stderr: true },
  { script: "printf '%f\\n' abc; echo $?; printf '%f\\n' 1.5x; echo $?", stderr: true },
  { script: "v=x; printf -v v '%s' 'new'; echo $v; printf -v 'a[1]' '%s' el; declare -p a; printf -v 1bad x; echo $?", stderr: true },
])

differential("printf %(fmt)T", [
  "printf '%(%Y-%m-%d %H:%M:%S %a %b %j %e %p %I %u %w %Z %z %D %R %y %C)T\\n' 1700000000; TZ=UTC printf '%(%F %T %s)T\\n' 86400; printf '%(%Y)T|%10(%H)T|\\n' 0 3600",
  "TZ=America/New_York printf '%(%F %T %Z)T\\n' 1700000000; export TZ=Asia/Tokyo; printf '%(%H %z)T\\n' 0"
])

differential("test and [", [
  { script: "touch f; mkdir d; ln -s f l; for op in -e -f -d -h -L -r -w -x -s -S -p -b -c -g -u -k -O -G -N -t; do test $op f; printf '%s ' $?; test $op d; printf '%s ' $?; test $op l; printf '%s|' $?; done; echo", stderr: true },
  { script: "test; echo $?; test ''; echo $?; test x; echo $?; test -n; echo $?; test -z; echo $?; [ ]; echo $?; [ -n ]; echo $?", stderr: true },
  { script: "test a = a; echo $?; test a == b; echo $?; test a != b; echo $?; test a \\< b; echo $?; test b \\> a; echo $?; test 1 -eq 1; echo $?; test 2 -gt 10; echo $?; test 2 -le 2; echo $?", stderr: true },
  { script: "test 1 -eq x; echo $?; test x -lt 1; echo $?; [ 1 -eq ]; echo $?; [ a = ; echo $?", stderr: true },
  { script: "test ! -e nofile; echo $?; test ! ''; echo $?; test '(' a = a ')'; echo $?; test a = a -a b = c; echo $?; test a = a -o b = c; echo $?; test ! a = a; echo $?", stderr: true },
  { script: "[ -z \"\" -a -n x ]; echo $?; [ \\( -z \"\" \\) -o \\( -n \"\" \\) ]; echo $?; [ a -a ]; echo $?; [ ! ]; echo $?; [ -e ]; echo $?", stderr: true },
  { script: "touch -d '2020-01-01' old; touch new; test new -nt old; echo $?; test old -ot new; echo $?; test new -ef new; echo $?; test new -ef old; echo $?", stderr: true },
  { script: "test -v HOME; echo $?; x=1; test -v x; echo $?; test -v nope; echo $?; a=(1); test -v 'a[0]'; echo $?; test -v 'a[5]'; echo $?", stderr: true },
  { script: "test -o errexit; echo $?; set -e; test -o errexit; echo $?; test -o nosuch; echo $?", stderr: true },
  { script: "test 1 2 3; echo $?; test a b; echo $?; [ a ] b; echo $?; test -x -a; echo $?", stderr: true },
  { script: "test ' 12 ' -eq 12; echo $?; test 0x10 -eq 16; echo $?; test -1 -lt 0; echo $?; test 99999999999999999999 -gt 1; echo $?", stderr: true },
  { script: "test abc \\< abd; echo $?; test -l abc = 3 2>/dev/null; echo $?; [[ -n x ]]; echo $?", stderr: true },
  { script: "test \"(\" \")\"; echo $?; test \"(\" x; echo $?; test x \")\"; echo $?; test '!' '!' x; echo $?", stderr: true },
])

differential("getopts, cd, exec, shift, eval", [
  "while getopts \"ab:c\" opt -a -b val -c -d; do echo \"$opt ${OPTARG-unset} $OPTIND\"; done; echo \"end $OPTIND\"",
  "while getopts \":ab:\" opt -a -b; do echo \"$opt ${OPTARG-unset}\"; done",
  "while getopts \"ab\" opt -ab -- -a; do echo \"$opt $OPTIND\"; done; echo $OPTIND",
  "set -- -x -y arg; while getopts xy o; do echo $o; done; shift $((OPTIND-1)); echo \"$@\"",
  "OPTERR=0; while getopts a o -z; do echo \"[$o]\"; done",
  "getopts a 1bad -a; echo $?",
  "mkdir -p /tmp/cdt/sub; cd /tmp/cdt; CDPATH=/tmp/cdt cd sub; pwd; cd -; cd; echo $?; cd /nonexist; echo $?; cd a b; echo $?",
  "unset HOME; cd; echo $?; OLDPWD=; cd -; echo $?",
  "exec 3>out.txt; echo hi >&3; exec 3>&-; cat out.txt; exec 4<out.txt; read l <&4; echo $l",
  "(exec echo replaced; echo never); echo after $?",
  "f() { echo func; }; (exec f); echo $?",
  "shift 5; echo $?; set -- a b; shift 3; echo $? $#; shift -1; echo $?",
  "x='echo  \"a   b\"'; eval $x; eval \"$x\"",
])

differential("set listing, function attributes, readonly, unset, dirs", [
  "f() { echo hi; }; g() { local x; }; x=1; set | grep -A3 -E '^(f|g) \\(\\)|^x='",
  "alias a=\"echo 'q'\" b='ls -l'; alias; alias a; alias -p | head -1",
  "f() { :; }; declare -f; declare -F",
  "f() { :; }; export -f f; declare -F; export -pf 2>/dev/null | head -3; readonly -f f; readonly -f | head -3",
  "trap 'echo t' EXIT; (trap -p); f() { trap -p EXIT; }; f; trap - EXIT",
  "x=$'tab\\there'; y='with space'; z=plain; w=''; set | grep -E '^(x|y|z|w)='",
  "a=(1 'b c'); declare -A h=([k]=v); set | grep -E '^(a|h)='",
  "export -p | grep -E '^declare -x (HOME|PATH)=' | sed 's/=.*//'",
  "export -p | head -0; export e1; declare -p e1; export e2=; declare -p e2",
  "cd /tmp; pushd .. ; pushd; pushd +1; popd -1; echo $?",
  "unset -n nope; unset -f nofn; echo $?; declare -n r=t; t=1; unset -n r; declare -p r t",
  "a=(a b c d); unset 'a[-1]'; declare -p a; unset 'a[@]'; declare -p a",
  "set -- 1 2 3; shift 2; echo \"$@\"; set -- ; set -x; set +x; echo $#",
  "set a b; set -- \"$@\" c; echo $#; set -e -- x; echo \"$1 $-\" | tr -d hBc",
  "x=1; unset \"x[@]\"; declare -p x; declare -A h=([a]=1); unset \"h[*]\"; declare -p h; y=2; unset \"y[0]\"; declare -p y 2>/dev/null; a=(1 2); unset \"a[*]\"; declare -p a; readonly -a r=(1); unset \"r[@]\"; echo $?",
  "f(){ :; }; g(){ :; }; export -f f; export -f; echo ---; declare -F; declare -fx; echo ---; readonly -f g; declare -F; export -nf f; declare -F",
  "f(){ echo inchild; }; export -f f; bash -c f",
])

differential("caller, BASH_SOURCE, FUNCNAME in script files", [
  "printf 'f() { caller; caller 0; g; }\\ng() { caller 0; caller 1; caller 2; echo $?; }\\nf\\n' > c.sh; bash c.sh",
  "printf 'echo \"$0 ${BASH_SOURCE[0]} $LINENO\"; f() { echo \"${FUNCNAME[0]} ${BASH_SOURCE[0]} ${BASH_LINENO[0]}\"; }\\nf\\n' > s.sh; bash s.sh; source s.sh",
  "printf 'caller; echo $?\\n' > t.sh; bash t.sh; . ./t.sh",
  "printf 'f() { caller 0; }\\n' > lib.sh; printf '. ./lib.sh\\nf\\n' > main.sh; bash main.sh",
  "caller; echo $?; caller 0; echo $?; printf \"caller 0; echo \\$?\\ncaller; echo \\$?\\n\" > t2.sh; bash t2.sh; echo; . ./t2.sh",
])

differential("cd", [
  "start=$PWD; mkdir -p a/b; ln -s a/b lb; cd lb; cd ..; [ \"$PWD\" = \"$start\" ] && echo logical; cd lb; cd -P ..; basename \"$PWD\"; cd \"$start\"; cd -P lb/..; basename \"$PWD\"",
  "mkdir -p x/y; cd x; CDPATH=: cd y; echo \"[$?]\"; cd ..; CDPATH=.: cd y >/dev/null; basename $PWD",
  "touch file; cd file; echo $?; cd nodir; echo $?",
  "cd /; OLDPWD=/usr; cd - ; echo $OLDPWD",
  "cd -L /usr; echo $?; cd -P -- /; pwd",
])

differential("source", [
  { script: "mkdir d; source d; echo $?", stderr: true },
  { script: "mkdir -p bin; echo 'echo from-path' > bin/lib.sh; PATH=\"$PWD/bin:$PATH\"; source lib.sh; shopt -u sourcepath; source lib.sh; echo $?", stderr: true },
  { script: "echo 'echo \"args: $# $*\"; return 3; echo no' > r.sh; source r.sh a b; echo \"st=$? $#\"", stderr: true },
  { script: "echo 'exit 4' > e.sh; (source e.sh; echo no); echo $?", stderr: true },
])
