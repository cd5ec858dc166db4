echo {a,b,c}; echo x{1,2}y; echo {a,b}{1,2}
#--
echo {1..5}; echo {5..1}; echo {a..e}; echo {1..10..3}; echo {10..1..4}
#--
echo {01..10}; echo {-3..3}; echo {a..k..2}; echo {c..a}
#--
echo {a,{b,c},d}; echo {a,b{1,2}}; echo {}; echo {a}; echo {a,}
#--
echo "{a,b}" '{a,b}' \{a,b\}; x=1; echo {$x,2}
#--
echo pre-{x,y}-post; echo {1..3}{a,b}; mkdir -p br/{one,two}; ls br
#--
a=({1..3}); echo "${#a[@]}"; for i in {1..3}; do printf '%s ' "$i"; done; echo
#--
echo {1..3..0} 2>/dev/null; echo {a..1}; echo {1...3}
#--
set +B; echo {a,b}; set -B; echo {a,b}
#--
echo ~ | grep -c '^/'; echo "~" '~' \~; x=~; [[ $x == /* ]] && echo abs
#--
echo ~nosuchuser_xyz; echo a~b; v=~/sub; [[ $v == */sub ]] && echo ok
#--
echo {x,y}{,}; echo {,a,b}; echo a{,,}b
#--
echo {0..2}{0..1}; echo {1..2}-{a..b}
#--
echo {a..c}{1..2} | tr ' ' '\n' | wc -l; echo {08..11}
