seq 1 2 10
#--
seq -w 8 11
#--
seq -s, 5
#--
seq -f '%03g' 3
#--
seq 5 -1 1
#--
seq 0.5 0.5 2
#--
seq 1 0.1 1.3
#--
seq 10 1
#--
seq -s ' ' 3
#--
seq 3 | tac
#--
seq -f 'file%02.0f.txt' 3
#--
seq 1e3 1e3 3e3
#--
seq 0 -0.25 -1
#--
seq -w 0 0.5 2
#--
seq 2 2
#--
seq 1 1 0; echo st=$?
#--
seq abc; echo st=$?
#--
seq -s' + ' 4; seq -s '' 3; echo
#--
seq 0.1 0.1 0.5
#--
seq 1 3 10
#--
seq 5 -2 -5
#--
seq -f '%.2e' 1 3
#--
seq -f '%5g|' 9 11
#--
seq 1.0 3
#--
seq 10 -1 8 | tac
#--
seq 2e2 2e2
#--
seq -w 1 0.5 3
#--
seq 1 0; echo st=$?
#--
seq 3 2 1; echo st=$?
#--
seq 0 0.3 1
#--
seq -s, -w 8 10
#--
seq 1e-1 0.05 0.25
#--
seq --format='x%gy' 2
#--
seq 4294967295 4294967297
#--
seq 9223372036854775806 9223372036854775808
#--
seq 1 '' 2; echo st=$?
