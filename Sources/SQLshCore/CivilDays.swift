/// Days since 1970-01-01 to and from dates of the proleptic Gregorian calendar, by arithmetic
/// alone (no tables, no Foundation, no time zones).
///
/// The method is the well-known "days from civil": count years from March so that the leap
/// day ends each counted year, split time into 400-year eras of 146,097 days, and inside an era
/// use 365-day years corrected every 4, 100 and 400 years. Years are astronomical (year 0 is
/// 1 BC). Every intermediate value stays far from overflow for years within ±10^12.
///
/// ```swift
/// CivilDays.daysSince1970(year: 2000, month: 3, day: 1)   // 11017
/// CivilDays.date(daysSince1970: 11017)                     // (2000, 3, 1)
/// ```
///
/// Shared by the package's date code (the catalog's time and archive packs, SQLshJSON's date
/// text); not part of the public API.
package enum CivilDays {
    /// Days from 0000-03-01 to 1970-01-01.
    @usableFromInline static let marchZeroTo1970: Int64 = 719_468

    /// Days from 1970-01-01 to `year`-`month`-`day`. `month` is 1...12 (0 counts as the
    /// December before, 13 and 14 as the next year's January and February); `day` may be any
    /// value (day 32 is the first of the next month).
    @inlinable @inline(__always)
    package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400  // 0...399
        let monthFromMarch = month > 2 ? month - 3 : month + 9  // March = 0
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - marchZeroTo1970
    }

    /// The date `days` after 1970-01-01: (year, month 1...12, day 1...31).
    @inlinable @inline(__always)
    package static func date(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + marchZeroTo1970
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // from March 1
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
