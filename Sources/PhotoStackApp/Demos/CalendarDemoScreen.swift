import Canvas
import StackEngine

/// Seed-systems §5 (Ole Begemann's week calendar): 7 day columns × 24 hour rows, day headers along the top
/// and hour headers down the left as supplementary views behind the events (zIndex −10), and 20 random
/// events (day 0–6, start hour 0–19, 1–5 hours; reproducible from the seed) as cells sized by duration.
/// Scrolls vertically.
///
/// State `layout`: `events` 20, `seed`, `dayWidth` (points).
public final class CalendarDemoScreen: DemoScreen, CollectionViewDataSource {
    public static let eventCount = 20
    static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let eventID = "event", headerID = "header"

    public let events: [CalendarEvent]
    public let seed: UInt64
    private let calendarLayout: CalendarLayout

    /// `count` events drawn from `seed` like the sample: day 0–6, whole start hour 0–19, 1–5 hours.
    public static func randomEvents(seed: UInt64, count: Int = eventCount) -> [CalendarEvent] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            CalendarEvent(day: Int(rng.next(below: 7)), startHour: Double(rng.next(below: 20)),
                          durationHours: Double(1 + rng.next(below: 5)))
        }
    }

    public init(seed: UInt64) {
        self.seed = seed
        let events = Self.randomEvents(seed: seed)
        self.events = events
        calendarLayout = CalendarLayout { path in events[path.item] }
        super.init(kind: .calendar, layout: calendarLayout, axes: .vertical)
        backgroundColor = RGBA(white: 0.97)
        captionColor = RGBA(white: 0, alpha: 0.6)
        captionBackground = RGBA(white: 1, alpha: 0.85)
        collectionView.register(ColorCellView.self, forCellWithReuseIdentifier: Self.eventID)
        collectionView.register(LabelView.self, forSupplementaryViewOfKind: CalendarLayout.dayHeaderKind,
                                withReuseIdentifier: Self.headerID)
        collectionView.register(LabelView.self, forSupplementaryViewOfKind: CalendarLayout.hourHeaderKind,
                                withReuseIdentifier: Self.headerID)
        collectionView.dataSource = self
    }

    public override var caption: String { "calendar - wheel or drag to scroll - F2: next demo" }

    public override func demoState() -> [String: StateValue] {
        ["events": .int(events.count), "seed": .int(Int(truncatingIfNeeded: seed)), "dayWidth": .double(calendarLayout.dayWidth)]
    }

    static func hourText(_ h: Double) -> String {
        let minutes = Int((h * 60).rounded())
        let hh = minutes / 60, mm = minutes % 60
        return (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
    }

    // MARK: CollectionViewDataSource

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        events.count
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: StackEngine.IndexPath) -> ReusableView {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.eventID, for: indexPath) as! ColorCellView
        let e = events[indexPath.item]
        cell.fill = DemoColors.distinct(indexPath.item, saturation: 0.45, value: 0.88)
        cell.cornerRadius = 5
        cell.borderWidth = 1
        cell.borderColor = RGBA(white: 0, alpha: 0.2)
        cell.font = "Sans Bold 11"
        cell.labelAtTop = true
        cell.text = "Event \(indexPath.item)\n\(Self.hourText(e.startHour))-\(Self.hourText(e.startHour + e.durationHours))"
        return cell
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: StackEngine.IndexPath) -> ReusableView? {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.headerID,
                                                                   for: indexPath) as! LabelView
        let i = indexPath.item
        view.separator = RGBA(white: 0, alpha: 0.12)
        if kind == CalendarLayout.dayHeaderKind {
            view.text = Self.dayNames[i % 7]
            view.alignment = .center
            view.fill = i % 2 == 0 ? RGBA(0.86, 0.90, 0.96) : RGBA(0.80, 0.86, 0.94)
            view.font = "Sans Bold 13"
            view.padding = 4
        } else {
            view.text = Self.hourText(Double(i))
            view.alignment = .right
            view.fill = i % 2 == 0 ? RGBA(white: 0.93) : RGBA(white: 0.89)
            view.font = "Sans 12"
            view.padding = 10
        }
        return view
    }
}
