/// The week calendar of Ole Begemann's objc.io article (seed-systems §5): a layout that depends on content.
/// Seven day columns right of a 100-pt hour column, 24 hour rows of 50 pt under a 40-pt day header row.
/// Each item is an event, placed by `eventProvider` (day, start hour, duration).
///
/// Headers do not float: like the reference, the day headers sit at the top of the content and the hour
/// headers at its left edge, and scroll with it (floating headers would need invalidation on every scroll).
///
/// Rect queries compute the day and hour ranges the rect meets and look events up in per-(day, hour)
/// buckets. An event is bucketed under every hour it covers, so one that starts above the rect and reaches
/// into it is found (the original matched start hours only and lost it); each event is reported once.
public final class CalendarLayout: CollectionViewLayout {
    /// Supplementary kind of the day column headers (index path (0, day)), zIndex −10.
    public static let dayHeaderKind = "dayHeader"
    /// Supplementary kind of the hour row headers (index path (0, hour)), zIndex −10.
    public static let hourHeaderKind = "hourHeader"
    public static let daysPerWeek = 7
    public static let hoursPerDay = 24
    /// Height of one hour row, in points.
    public static let heightPerHour = 50.0
    /// Height of the day header row, in points.
    public static let dayHeaderHeight = 40.0
    /// Width of the hour header column, in points.
    public static let hourHeaderWidth = 100.0
    /// Inset of an event inside its day/hour cell on every side (half the 10-pt spacing), in points.
    public static let eventInset = 5.0
    /// zIndex of the day and hour headers (behind the events).
    public static let headerZIndex = -10

    /// Where each item goes. Setting it invalidates the layout.
    public var eventProvider: (IndexPath) -> CalendarEvent { didSet { invalidate() } }

    /// Width of one day column, (view width − 100) / 7, in points, as of the last `prepare()`.
    public private(set) var dayWidth = 0.0
    private var viewWidth = 0.0
    private var events: [IndexPath: CalendarEvent] = [:]
    /// buckets[day × 24 + hour]: the events covering that hour of that day, with their first covered hour.
    private var buckets: [[(path: IndexPath, firstHour: Int)]] = []

    public init(eventProvider: @escaping (IndexPath) -> CalendarEvent) {
        self.eventProvider = eventProvider
        super.init()
    }

    public override func prepare() {
        viewWidth = host?.bounds.width ?? 0
        dayWidth = (viewWidth - Self.hourHeaderWidth) / Double(Self.daysPerWeek)
        events = [:]
        buckets = Array(repeating: [], count: Self.daysPerWeek * Self.hoursPerDay)
        guard let host else { return }
        for s in 0..<host.numberOfSections {
            for i in 0..<host.numberOfItems(inSection: s) {
                let path = IndexPath(item: i, section: s)
                let event = eventProvider(path)
                events[path] = event
                guard (0..<Self.daysPerWeek).contains(event.day), event.durationHours > 0 else { continue }
                let first = max(0, Int(event.startHour.rounded(.down)))
                let last = min(Self.hoursPerDay - 1, Int((event.startHour + event.durationHours).rounded(.up)) - 1)
                guard first <= last else { continue }
                for hour in first...last { buckets[event.day * Self.hoursPerDay + hour].append((path, first)) }
            }
        }
    }

    /// View width × (40 + 24 × 50) points; no horizontal scrolling.
    public override var contentSize: Size {
        Size(width: viewWidth, height: Self.dayHeaderHeight + Double(Self.hoursPerDay) * Self.heightPerHour)
    }

    /// The frame of `event`, in content points.
    public func frame(for event: CalendarEvent) -> Rect {
        Rect(x: Self.hourHeaderWidth + dayWidth * Double(event.day),
             y: Self.dayHeaderHeight + Self.heightPerHour * event.startHour,
             width: dayWidth, height: Self.heightPerHour * event.durationHours)
            .insetBy(dx: Self.eventInset, dy: Self.eventInset)
    }

    public func dayHeaderFrame(day: Int) -> Rect {
        Rect(x: Self.hourHeaderWidth + dayWidth * Double(day), y: 0, width: dayWidth, height: Self.dayHeaderHeight)
    }

    public func hourHeaderFrame(hour: Int) -> Rect {
        Rect(x: 0, y: Self.dayHeaderHeight + Self.heightPerHour * Double(hour),
             width: Self.hourHeaderWidth, height: Self.heightPerHour)
    }

    private func header(_ kind: String, _ index: Int, _ frame: Rect) -> LayoutAttributes {
        var attributes = LayoutAttributes.supplementary(kind, IndexPath(item: index, section: 0), frame: frame)
        attributes.zIndex = Self.headerZIndex
        return attributes
    }

    /// The days (columns) whose area `rect` meets, clamped to the week; nil when none.
    private func days(for rect: Rect) -> ClosedRange<Int>? {
        guard dayWidth > 0 else { return nil }
        let d0 = max(0, Int(((rect.minX - Self.hourHeaderWidth) / dayWidth).rounded(.down)))
        let d1 = min(Self.daysPerWeek - 1, Int(((rect.maxX - Self.hourHeaderWidth) / dayWidth).rounded(.down)))
        return d0 <= d1 ? d0...d1 : nil
    }

    /// The hours (rows) whose area `rect` meets, clamped to the day; nil when none.
    private func hours(for rect: Rect) -> ClosedRange<Int>? {
        let h0 = max(0, Int(((rect.minY - Self.dayHeaderHeight) / Self.heightPerHour).rounded(.down)))
        let h1 = min(Self.hoursPerDay - 1, Int(((rect.maxY - Self.dayHeaderHeight) / Self.heightPerHour).rounded(.down)))
        return h0 <= h1 ? h0...h1 : nil
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard !rect.isEmpty else { return result }
        let days = days(for: rect), hours = hours(for: rect)
        if let days, let hours {
            for day in days {
                for hour in hours {
                    // Report each event only from the first of its buckets the rect meets: no duplicates.
                    for entry in buckets[day * Self.hoursPerDay + hour]
                    where max(entry.firstHour, hours.lowerBound) == hour {
                        guard let event = events[entry.path] else { continue }
                        let frame = frame(for: event)
                        if frame.intersects(rect) { result.append(.cell(entry.path, frame: frame)) }
                    }
                }
            }
        }
        if rect.minY < Self.dayHeaderHeight, let days {
            for day in days where dayHeaderFrame(day: day).intersects(rect) {
                result.append(header(Self.dayHeaderKind, day, dayHeaderFrame(day: day)))
            }
        }
        if rect.minX < Self.hourHeaderWidth, let hours {
            for hour in hours where hourHeaderFrame(hour: hour).intersects(rect) {
                result.append(header(Self.hourHeaderKind, hour, hourHeaderFrame(hour: hour)))
            }
        }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        events[indexPath].map { .cell(indexPath, frame: frame(for: $0)) }
    }

    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0 else { return nil }
        switch kind {
        case Self.dayHeaderKind where (0..<Self.daysPerWeek).contains(indexPath.item):
            return header(kind, indexPath.item, dayHeaderFrame(day: indexPath.item))
        case Self.hourHeaderKind where (0..<Self.hoursPerDay).contains(indexPath.item):
            return header(kind, indexPath.item, hourHeaderFrame(hour: indexPath.item))
        default:
            return nil
        }
    }
}
