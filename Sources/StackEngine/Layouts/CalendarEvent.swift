/// Where an event sits in the week calendar: its day and its time span.
public struct CalendarEvent: Hashable, Sendable {
    /// Day of the week, 0 … 6 (column).
    public var day: Int
    /// Start, in hours from midnight (0 ≤ startHour < 24; fractions allowed).
    public var startHour: Double
    /// Length, in hours (> 0).
    public var durationHours: Double

    public init(day: Int, startHour: Double, durationHours: Double) {
        self.day = day
        self.startHour = startHour
        self.durationHours = durationHours
    }
}
