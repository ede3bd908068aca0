import StackEngine

/// The demos `photostack demo NAME` can show (seed-systems §2–6), in F2 order.
public enum DemoKind: String, CaseIterable, Sendable {
    case sections, line, circle, calendar, paging, justified

    /// One line for `photostack demo --list`.
    public var summary: String {
        switch self {
        case .sections: return "3 coloured sections of 20-40 cells in a flow layout; cells registered by type and by a JSON template"
        case .line: return "a horizontal line of 60 cells; the one nearest the centre zooms to 1.3; always rests centred"
        case .circle: return "20 round cells on a circle; click a cell to delete it, empty space to insert; g/Tab: circle <-> grid"
        case .calendar: return "a week of 7 days x 24 hours with day and hour headers and 20 random events; scrolls vertically"
        case .paging: return "a horizontal strip of 5 cells per page with paging and left/right 'more' indicators"
        case .justified: return "3 sections of cells at their own proportions in justified rows; Ctrl+wheel or +/-: row height; r: new proportions"
        }
    }

    /// The state JSON's `screen` value while this demo is shown: "demo:NAME".
    public var screenName: String { "demo:" + rawValue }

    /// The next (`step` 1) or previous (`step` −1) demo, wrapping around.
    public func cycled(by step: Int) -> DemoKind {
        let all = Self.allCases
        let i = all.firstIndex(of: self)!
        let n = all.count
        return all[((i + step) % n + n) % n]
    }

    /// Builds the demo's screen. `seed` drives every random choice (section sizes, events).
    public func makeScreen(seed: UInt64) -> DemoScreen {
        switch self {
        case .sections: return SectionsDemoScreen(seed: seed)
        case .line: return LineDemoScreen()
        case .circle: return CircleDemoScreen()
        case .calendar: return CalendarDemoScreen(seed: seed)
        case .paging: return PagingDemoScreen()
        case .justified: return JustifiedDemoScreen(seed: seed)
        }
    }
}
