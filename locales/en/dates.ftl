### Dates and times on the pages, in the reader's language.
# $n: the day of the week, 1 for Monday.
date-weekday = { $n ->
    [1] Mon
    [2] Tue
    [3] Wed
    [4] Thu
    [5] Fri
    [6] Sat
   *[7] Sun
}
# $n: the month, 1 for January.
date-month = { $n ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
}
date-day = { $weekday } { $day } { $month } { $year }
date-day_time = { $date }, { $time }
# A time kept in UTC (accounts, tokens, links), said as such.
date-day_time_utc = { $date }, { $time } UTC
