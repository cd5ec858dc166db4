set -e; false || true; echo survived1; if false; then :; fi; echo survived2; ! true; echo survived3
#--
set -e; false && true; echo survived; true && false; echo never
#--
set -e; f() { false; echo after-false-in-f; }; f || echo caught; echo end
#--
set -e; while false; do :; done; until true; do :; done; echo loops-ok; false; echo never
#--
set -e; x=$(false); echo never
#--
set -e; x=$(false) || echo handled; echo after
#--
set -e; (false); echo never
#--
set -e; false | true; echo pipe-ok; set -o pipefail; false | true; echo never
#--
set -e; [ 1 = 2 ] || echo or-branch; [[ a == b ]] && echo no; echo alive
#--
set -e; trap 'echo "exit trap $?"' EXIT; false; echo never
#--
set -e; f() { return 2; }; if f; then echo yes; else echo "no $?"; fi; f; echo never
#--
set -e; (( 0 )) || echo zero-or; echo ok; (( 0 )); echo never
#--
set -e; cmd_not_found_xyz 2>/dev/null; echo never
#--
set -e; echo $( false; echo inner ); echo outer
#--
set -e; shopt -s inherit_errexit; echo "$( false; echo inner )"; echo outer
#--
set -e; { false; echo in-group; }; echo never
#--
set -e; local_fn() { local x=$(false); echo "local masks: $?"; }; local_fn
#--
set -e; case x in x) false;; esac; echo never
#--
set -e; set +e; false; echo "disabled $?"
#--
set -u; echo "${unset_x:-ok}"; echo "${unset_x-ok2}"; (echo $unset_x); echo "st=$?"
#--
set -u; (echo $nope); echo "st=$?"; a=(); echo "${#a[@]}"; echo end
#--
set -u; f() { echo "$1"; }; (f); echo "st=$?"; f x
#--
set -u; echo "$#" "$@"; (echo "$1"); echo "st=$?"
#--
set -u; declare -A m; (echo "${m[k]}"); echo "st=$?"; echo "${m[k]:-d}"
#--
set -u; x=1; unset x; [[ -v x ]] || echo "not set"; echo ${!x@} end
#--
set -eu; v=${1:-default}; echo $v
#--
set -e; f() { false; echo in-f; }; f && echo and; echo after
#--
set -e; ! false; echo bang-ok; false || false || echo third; echo end
#--
set -e; x=1; [ $x -eq 1 ] && echo yes; [ $x -eq 2 ] && echo no; echo last-and-false-ok
#--
set -o errexit; echo $-  | grep -q e && echo has-e; set +o errexit; echo $- | grep -q e || echo no-e
