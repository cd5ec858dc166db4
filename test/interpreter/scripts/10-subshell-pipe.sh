x=1; (x=2; echo $x); echo $x; (cd /; true); ls >/dev/null; echo ok
#--
(exit 7); echo $?; (false) || echo failed; ( (exit 2) ); echo $?
#--
x=out; echo "$(x=in; echo $x)" $x; { x=grp; }; echo $x
#--
f() { :; }; (unset -f f; type f >/dev/null 2>&1; echo $?); type -t f
#--
(set -e; false; echo no); echo "st=$?"; set -o | grep -c 'errexit.*on'
#--
mkdir sub; (cd sub && touch inner); ls sub; (cd sub; echo "$(basename "$PWD")")
#--
(touch madeinsub); ls madeinsub
#--
echo a | cat | cat | tr a b; echo "st=$?"
#--
true | false | true; echo "${PIPESTATUS[@]}"; false | true; echo "${PIPESTATUS[0]} ${PIPESTATUS[1]}"
#--
(exit 3) | (exit 5); echo "${PIPESTATUS[*]} $?"; set -o pipefail; (exit 3) | (exit 5) | true; echo $?
#--
set -o pipefail; true | false | true; echo $?; true | true; echo $?
#--
! false | false; echo $?; ! true | true; echo $?
#--
x=1; echo hi | x=2; echo $x; echo hi | read v; echo "[$v]"
#--
shopt -s lastpipe; set +m; echo val | read v; echo "[$v]"
#--
seq 1 5 | head -2; seq 10 | tail -1; yes | head -n 3
#--
printf 'b\na\nc\n' | sort | head -1; echo abc | { read x; echo "got $x"; }
#--
echo out 2>&1 | cat; { echo e >&2; } 2>&1 | tr e E
#--
{ echo o; echo e >&2; } |& sort
#--
f() { echo piped; }; f | tr a-z A-Z; echo x | f
#--
echo "a b c" | while read -r w rest; do echo "$w|$rest"; done
#--
cat <<< "here" | wc -c; echo -n abc | wc -c
#--
(echo a; echo b) | sort -r; (echo sub; exit 1) | cat; echo "${PIPESTATUS[@]}"
#--
v=$( (echo inner) ); echo $v; ( echo a ) > f; cat f
#--
echo start; (echo in sub; exit 0); echo end
#--
x=0; for i in 1 2 3; do echo $i; done | while read n; do x=$((x+n)); done; echo "x=$x"
#--
a=1; ( a=2; ( a=3; echo $a ); echo $a ); echo $a
#--
echo "$BASH_SUBSHELL"; (echo "$BASH_SUBSHELL"; (echo "$BASH_SUBSHELL"))
#--
trap 'echo trapped' EXIT; (echo sub); echo main
#--
(trap 'echo sub-exit' EXIT; echo in); echo out
#--
time_unused=1; { echo g1; echo g2; } > grp.txt; wc -l < grp.txt
#--
seq 3 | while read i; do echo "line $i"; done | tail -1
