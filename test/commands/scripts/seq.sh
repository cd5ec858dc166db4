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
