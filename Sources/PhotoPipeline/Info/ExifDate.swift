/// An EXIF date-time ("YYYY:MM:DD HH:MM:SS", the camera's wall clock, no time zone) as a sortable number.
public enum ExifDate {
    /// Seconds since 1970-01-01 00:00:00 *wall-clock* time (the time zone is unknown, so none is applied);
    /// nil for blank ("    :  :     :  :  "), zero or malformed dates. Seconds may be missing ("…HH:MM").
    public static func wallClockSeconds(_ text: String) -> Int64? {
        let digits = Array(text.utf8)
        guard digits.count >= 16 else { return nil }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= digits.count else { return nil }
            var v = 0
            for c in digits[at..<(at + count)] {
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let h = number(11, 2),
              let mi = number(14, 2) else { return nil }
        let s = number(17, 2) ?? 0
        guard y > 0, (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        return daysFromCivil(y, mo, d) * 86_400 + Int64(h * 3600 + mi * 60 + s)
    }

    /// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month), dd = Int64(day)
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + dd - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
