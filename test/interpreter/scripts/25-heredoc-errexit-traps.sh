# Here-documents (<<- tabs), set -e subtleties, traps, exit/return/shift statuses.
cat <<-EOF
	indented with tab
		two tabs
    spaces kept
	EOF
echo after
#--
x=1; cat <<EOF
x=$x $(echo cmd) \$literal `echo bt`
\
EOF
#--
cat <<'EOF'
no $expansion here \\ `x`
EOF
#--
cat <<"E O F"
$HOME
E O F
#--
cat <<EOF | tr a-z A-Z
piped
EOF
#--
while read -r l; do echo "[$l]"; done <<EOF
a b
  c  
EOF
#--
cat <<A; cat <<B
first
A
second
B
#--
f() {
	cat <<-END
	in function
	END
}
f
#--
cat << EOF
line with trailing backslash \
continued
EOF
#--
a=$(cat <<EOF
inside cs
EOF
)
echo "$a"
#--
set -e; false || true; echo "ok1"; if false; then :; fi; echo ok2; ! true; echo ok3; f() { false; echo "in f"; }; f || echo "f failed"; echo ok4
#--
set -e; x=$(false); echo "not reached"
#--
set -e; x=$(false) || echo caught; echo after
#--
set -e; local_test() { local x=$(false); echo "local masks: $?"; }; local_test
#--
set -e; (false); echo unreachable
#--
set -e; false | true; echo "pipe ok"; set -o pipefail; false | true; echo "unreachable"
#--
set -e; for i in 1 2; do false; done; echo never
#--
set -e; f() { false; echo "after false in f"; }; if f; then echo "f ok"; fi
#--
set -e; a=1; (( a-- )) ; echo "a=$a"; (( a-- )); echo "never $a"
#--
set -e; trap 'echo "EXIT $?"' EXIT; false
#--
trap 'echo caught INT' INT; kill -INT $$; echo after
#--
trap 'echo one' EXIT; trap 'echo two' EXIT; exit 3
#--
trap -p EXIT; trap 'echo x' EXIT; trap -p EXIT; trap - EXIT; trap -p; echo done
#--
f() { trap 'echo ret' RETURN; echo body; }; f; f
#--
(exit 5); echo $?; (exit 300); echo $?; (exit -1); echo $?
#--
exit_test() { ( exit 7 ); echo "sub: $?"; }; exit_test; bash -c 'exit 256'; echo $?
#--
f() { return 3; }; f; echo $?; g() { return 260; }; g; echo $?; h() { return -1; }; h; echo $?
#--
f() { return; }; false; f; echo $?; g() { false; return; }; g; echo $?
#--
return 2>&1; echo "st=$?"
#--
f() { return abc; }; f 2>&1; echo "st=$?"
#--
exit abc 2>&1; echo never
#--
exit 1 2; echo "st=$?"
#--
shift 2>&1; echo $?; set -- a b; shift 3 2>&1; echo $? "$@"; shift -1 2>&1; echo $?; shift 2; echo "$# $?"
#--
set -- a b c; shift 2; echo "$@"; shift; echo "[$*] $#"; shift; echo $?
#--
(echo in; exit 2; echo no); echo "sub=$?"; { echo grp; } ; echo $?
#--
x=$(exit 4); echo "cs=$?"; echo "$(exit 5)" ; echo "last=$?"
#--
true; echo $?; false; echo $?; ! false; echo $?; ! true; echo $?
#--
set -e; cmd_that_fails() { return 1; }; cmd_that_fails && echo yes; echo "after &&"
#--
set -e; { false; echo in-group; } || echo "group failed"; echo end
#--
set -eu; f() { echo "$1"; }; f "x"; f 2>&1; echo never
#--
set -e -o pipefail; echo start; grep nomatch /dev/null | cat; echo never
#--
trap 'echo "ERR line $LINENO"' ERR; false; true; f() { false; }; f; set -E; f
#--
set -e; trap 'echo cleanup' EXIT; echo work; exit 0
#--
trap 'echo "got TERM"; exit 1' TERM; kill $$; echo after
#--
trap 'echo sub-exit' EXIT; (trap 'echo inner' EXIT; echo in-sub); echo main
#--
(trap - EXIT; trap); trap 'x' USR1; trap | head -2
#--
f() { exit 3; }; (f; echo no); echo "st=$?"; f; echo never
#--
exit 1 2; echo "st=$?"
#--
f(){ return 1 2; }; f; echo "same"
echo "st=$?"
#--
(exit 1 2) 2>&1; echo "sub=$?"; (f(){ return 1 2; }; f; echo in) 2>&1; echo "sub2=$?"
#--
printf 'f(){ return 1 2; }\nf\necho "st=$?"\nexit 1 2\necho "st2=$?"\n' > rt.sh; bash rt.sh 2>&1; echo "rc=$?"
#--
set -eu; f() { echo "$1"; }; f "x"; f 2>&1; echo never
#--
set -e; echo ${y:?}
#--
f() { return abc; }; f 2>&1; echo "st=$?"; g() { return 1 x; }; g 2>&1; echo "st=$?"
#--
echo start
cat <<EOF 2>&1
a
b
#--
exec 2>&1; cat <<EOF
a
b
#--
exec 2>&1
f() {
cat <<-END
  x
  END
}
f; echo after
#--
exec 2>&1
x=$(cat <<EOF
in cs
)
#--
exec 2>&1; printf 'cat <<EOF\na\n' > hd.sh; bash hd.sh
#--
exec 2>&1; cat <<EOF
#--
readonly x=1; x=2; echo same
echo next $?
#--
a=(1); a[-5]=3; echo same
echo next $?
#--
f(){ a=(1); a[-5]=3; echo in f; }; f; echo same
echo next $?
#--
readonly r=1; for i in 1 2; do r=2; echo loop; done
echo next $?
#--
readonly r=1; (r=2; echo in sub); echo after $?
#--
readonly r=1; x=$(r=2; echo in cs); echo "after $? [$x]"
#--
readonly r=1; r=2 echo hi; echo after $?
#--
readonly r=1; declare r=2; echo after $?
#--
readonly r=1; r+=2
echo after $?
#--
readonly r=1
f() { local r=2; echo "in f $r"; }; f; echo after $?
#--
cat <<EOF
${undefined:-default} $((1+2)) ${#undefined}
EOF
