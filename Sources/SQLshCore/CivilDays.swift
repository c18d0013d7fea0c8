/// Days since 1970-01-01 to and from dates of the proleptic Gregorian calendar, by arithmetic
/// alone (no tables, no Foundation, no time zones).
///
/// The method is Neri and Schneider's: count years from March so that the leap day ends each
/// counted year, shift years and days far enough that every value is non-negative, and turn
/// each step (400-year eras of 146,097 days, centuries, 4-year cycles of 1461 days, months)
/// into a multiplication or a division by a constant. Years are astronomical (year 0 is
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
    /// Eras of 400 years (146,097 days) added to years and day counts so that the unsigned
    /// arithmetic below sees no negative value (the shift keeps the weekday and the place in
    /// the 400-year cycle): 1.5 × 10^13 eras, 6 × 10^15 years, 2.2 × 10^18 days.
    @inlinable static var shiftEras: UInt64 { 15_000_000_000_000 }
    /// Days from the shifted 0000-03-01 (``shiftEras`` eras before it) to 1970-01-01.
    @inlinable static var shiftedMarchZeroTo1970: Int64 { 719_468 + 146_097 * Int64(bitPattern: shiftEras) }

    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (the time cases): calendar arithmetic per call.
    /// Days from 1970-01-01 to `year`-`month`-`day`. `month` is 0...14 (0 counts as the
    /// December before, 13 and 14 as the next year's January and February); `day` may be any
    /// value (day 32 is the first of the next month). `year` must lie within ±10^12.
    ///
    /// Neri and Schneider's algorithm ("Euclidean affine functions and their application to
    /// calendar algorithms", 2022) on shifted years: unsigned divisions by constants only (the
    /// signed era/year-of-era form cost about 65 instructions a call).
    @inlinable @inline(__always)
    package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        // Years start on March 1: January and February count as months 13 and 14 of the year
        // before, month 0 (the December before) as its month 12.
        let janFeb = month <= 2
        let y = UInt64(bitPattern: year &+ 400 &* Int64(bitPattern: shiftEras)) &- (janFeb ? 1 : 0)
        let m = UInt64(bitPattern: janFeb ? month &+ 12 : month)  // 3...14
        let century = y / 100
        let daysBeforeYear = 1461 &* y / 4 &- century &+ century / 4
        let daysBeforeMonth = (979 &* m &- 2919) / 32  // from March 1
        return Int64(bitPattern: daysBeforeYear &+ daysBeforeMonth) &- shiftedMarchZeroTo1970 + (day - 1)
    }

    /// The date `days` after 1970-01-01: (year, month 1...12, day 1...31). `days` must lie
    /// within ±2 × 10^18.
    @inlinable @inline(__always)
    package static func date(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let date = ordinalDate(daysSince1970: days)
        return (date.year, date.month, date.day)
    }

    /// The date `days` after 1970-01-01 with its day of the year: (year, month 1...12, day
    /// 1...31, dayOfYear 1...366). `days` must lie within ±2 × 10^18.
    ///
    /// Neri and Schneider's algorithm ("Euclidean affine functions and their application to
    /// calendar algorithms", 2022), in unsigned 64-bit arithmetic on a count shifted to be
    /// non-negative: one division by a constant (the 400-year era) and multiplications by
    /// constants, no branch on the sign. The earlier era/year-of-era form, with signed
    /// divisions, cost about 100 instructions a call; this one about 30.
    @inlinable @inline(__always)
    package static func ordinalDate(daysSince1970 days: Int64)
        -> (year: Int64, month: Int64, day: Int64, dayOfYear: Int64) {
        // Days since the shifted 0000-03-01. Years counted from there start on March 1: the
        // leap day ends each.
        let n = UInt64(bitPattern: days &+ shiftedMarchZeroTo1970)
        // Centuries: 146,097 days every 4 centuries.
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        // Year of the century and day of the year (from March 1, 0...365): 1461 days every 4
        // years, by one multiplication (2,939,745 is 2^32 / 1461, rounded down).
        let p2 = 2_939_745 &* (4 &* dayOfCentury &+ 3)
        let yearOfCentury = p2 >> 32
        let dayFromMarch = (p2 & 0xFFFF_FFFF) / 2_939_745 / 4
        // Month (3...14, March to February) and day by one multiplication.
        let n3 = 2141 &* dayFromMarch &+ 197_913
        let monthFromMarch = n3 >> 16
        let day = Int64(bitPattern: (n3 & 0xFFFF) / 2141) + 1
        let year = Int64(bitPattern: 100 &* century &+ yearOfCentury) &- Int64(bitPattern: 400 &* shiftEras)
        if dayFromMarch >= 306 {  // January or February: the next calendar year
            return (year &+ 1, Int64(bitPattern: monthFromMarch) &- 12, day, Int64(bitPattern: dayFromMarch) &- 305)
        }
        // March 1 is day 60, or 61 in a leap year: a year of the century divisible by 4, or a
        // century year (yearOfCentury 0) of a century divisible by 4 (the shift keeps both).
        let leap: Int64 = ((yearOfCentury == 0 ? century : yearOfCentury) & 3) == 0 ? 1 : 0
        return (year, Int64(bitPattern: monthFromMarch), day, Int64(bitPattern: dayFromMarch) &+ 60 &+ leap)
    }
}
