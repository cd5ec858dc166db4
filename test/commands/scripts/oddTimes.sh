# Times beyond JS Date's range (±275,760 years) and past what localtime represents: the answer
# GNU date and bash's printf give, never NaN, undefined or an internal error.
export TZ=UTC
printf '%(%Y)T\n' 99999999999999999999; echo "status $?"
#--
export TZ=UTC
printf '%(%F %T)T\n' 67768036191676800 67768036191676799 -67768040609740801 -67768040609740800 -99999999999999 99999999999999
#--
export TZ=UTC
printf '%(%a %j %U %s)T|%(%Y)T\n' -99999999999999 abc; echo "status $?"
#--
TZ=EST5 printf '%(%F %T %Z)T\n' 0 67768036191676799 -1e3
#--
export TZ=UTC
date -d 'next year 99999999999 days'; echo "status $?"
#--
export TZ=UTC
date -d @99999999999999999; echo "status $?"; date -d @-99999999999999999; echo "status $?"
#--
export TZ=UTC
date -d @67768036191676799; date -d @-67768040609740800; date -d @67768036191676800; echo "status $?"
#--
export TZ=UTC
date -d '99999999999 days'; echo "status $?"; date -d '+99999999999999999999 seconds'; echo "status $?"
#--
date -u -d @-99999999999999 '+%F %T %a %j'; date -u -d @99999999999999 '+%F %T %a %j'
#--
date -u -d @-62167219200 '+%F %a'; date -u -d @-62167219201 '+%F %a'; date -u -d @253402300800 '+%F %a'
