import Canvas
import PhotoPipeline

/// Where the Places screen's rows and group titles are: a column at most `maxListWidth` wide, centred, under the
/// headline; rows grouped by kind (folders, recent, bookmarks, drives and network). All in content points (the
/// window shows them moved up by `scrollOffset`).
extension PlacesScreen {
    static let maxListWidth = 720.0
    static let rowHeight = 60.0
    static let groupTitleHeight = 34.0
    /// The top of the list: below the headline and its status line.
    static let listTop = 112.0

    /// The group an entry's kind belongs to, and its title.
    static func group(of kind: Place.Kind) -> (order: Int, title: String) {
        switch kind {
        case .pictures, .home, .sample: return (0, "Folders")
        case .recent: return (1, "Recent")
        case .bookmark: return (2, "Bookmarks")
        case .drive, .network: return (3, "Drives and network")
        }
    }

    /// The list's left edge and width, points.
    var listColumn: (x: Double, width: Double) {
        let w = min(Self.maxListWidth, max(200, width - 48))
        return ((width - w) / 2, w)
    }

    /// Every row's frame (index = `places` index) and every group title (text, top), content points.
    func layoutRows() -> (rows: [CanvasRect], titles: [(text: String, y: Double)]) {
        let column = listColumn
        var y = Self.listTop
        var rows: [CanvasRect] = [], titles: [(String, Double)] = []
        var lastGroup = -1
        for p in places {
            let g = Self.group(of: p.kind)
            if g.order != lastGroup {
                titles.append((g.title, y))
                y += Self.groupTitleHeight
                lastGroup = g.order
            }
            rows.append(CanvasRect(x: column.x, y: y, width: column.width, height: Self.rowHeight))
            y += Self.rowHeight + 4
        }
        return (rows, titles)
    }

    func rowFrames() -> [CanvasRect] { layoutRows().rows }

    /// The height of everything, points (with a margin under the last row).
    var contentHeight: Double { (rowFrames().last.map { $0.y + $0.height } ?? Self.listTop) + 24 }

    /// The row at window point (`x`, `y`), nil when none.
    func row(atWindowX x: Double, y: Double) -> Int? {
        let cy = y + scrollOffset
        guard y >= Self.listTop - 8 || scrollOffset > 0 else { return nil }
        return rowFrames().firstIndex { x >= $0.x && x < $0.x + $0.width && cy >= $0.y && cy < $0.y + $0.height }
    }

    /// Keeps the scroll within the content.
    func clampScroll() {
        scrollOffset = min(max(0, scrollOffset), max(0, contentHeight - height))
    }

    /// Scrolls the least that shows row `i` whole.
    func reveal(_ i: Int) {
        let frames = rowFrames()
        guard frames.indices.contains(i) else { return }
        let f = frames[i]
        let top = i == 0 ? 0 : f.y - Self.groupTitleHeight
        if top < scrollOffset { scrollOffset = top }
        if f.y + f.height + 12 > scrollOffset + height { scrollOffset = f.y + f.height + 12 - height }
        clampScroll()
    }
}
