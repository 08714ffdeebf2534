### Dates and times on the pages, in the reader's language.
# $n: the day of the week, 1 for Monday.
date-weekday = { $n ->
    [1] lun
    [2] mar
    [3] mer
    [4] gio
    [5] ven
    [6] sab
   *[7] dom
}
# $n: the month, 1 for January.
date-month = { $n ->
    [1] gen
    [2] feb
    [3] mar
    [4] apr
    [5] mag
    [6] giu
    [7] lug
    [8] ago
    [9] set
    [10] ott
    [11] nov
   *[12] dic
}
date-day = { $weekday } { $day } { $month } { $year }
date-day_time = { $date }, { $time }
# A time kept in UTC (accounts, tokens, links), said as such.
date-day_time_utc = { $date }, { $time } UTC
