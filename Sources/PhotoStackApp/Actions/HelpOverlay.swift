import Canvas

/// The keyboard shortcuts (`?` or F1): every action of `BrowserAction` with its keys, and the browsing keys, in
/// two columns on a dimmed window. Any key or click closes it.
enum HelpOverlay {
    /// Sections of (keys, what they do).
    static var sections: [(title: String, rows: [(keys: String, text: String)])] {
        func row(_ a: BrowserAction) -> (String, String) {
            (a.shortcuts.map(\.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", "), a.title)
        }
        return [
            ("Browse", [("Click, Enter", "Open the album or photo"), ("Esc, Backspace", "Back (leaves fullscreen first)"),
                        ("Arrows", "Move the keyboard selection"), ("Page Up/Down, Home, End", "Scroll"),
                        ("Left, Right, wheel", "Previous / next photo"), ("+, −, Ctrl+wheel", "Zoom the photo"),
                        ("0, 1, double-click", "Fit / 100 %"),
                        ("Ctrl+wheel, Ctrl+±, pinch", "More / fewer columns (Ctrl+0: default)"), ("Right-click", "Menu of actions"),
                        ("F5", "Look for changes again"), row(.places), ("Q, Ctrl+Q", "Quit")]),
            ("Photos", [row(.openWith), row(.showInFolder), row(.copy), row(.moveToTrash), row(.undo),
                        row(.rotateClockwise), row(.rotateCounterClockwise), row(.info)]),
            ("Select (album)", [("Ctrl+click", "Add or remove a photo"), ("Shift+click", "Select a range"),
                                row(.selectAll), row(.clearSelection)]),
            ("View", [row(.fullscreen), row(.slideshow), ("Space", "Pause / resume the slideshow"),
                      row(.sort(.name)), row(.sort(.taken)), row(.sort(.modified)), row(.justifiedRows), row(.fileNames),
                      row(.help)]),
        ]
    }

    /// Draws the overlay over a `width` × `height` point window; `target` says what the photo actions apply to now
    /// ("the 3 selected photos").
    static func draw(in ctx: CairoContext, width: Double, height: Double, target: String? = nil) {
        ctx.newPath()
        ctx.rectangle(CanvasRect(x: 0, y: 0, width: width, height: height))
        ctx.setColor(RGBA(0, 0, 0, 0.62))
        ctx.fill()
        let sections = Self.sections
        let columns = width > 760 ? 2 : 1
        let colWidth = min(500, (width - 72 - 32 * Double(columns - 1)) / Double(columns))   // the panel fits the window
        let keyWidth = colWidth * 0.42
        let lineHeight = 24.0, titleHeight = 32.0, gap = 18.0
        let targetLine = target.map { TextLayout(text: "Photo actions apply to \($0)", font: "Sans 12",
                                                   width: Double(columns) * colWidth, ellipsize: true) }
        let top = 50 + (targetLine.map { $0.size.height + 6 } ?? 0)
        // Sections go to the column that is shorter so far.
        var heights = [Double](repeating: 0, count: columns)
        var placed: [(column: Int, y: Double, index: Int)] = []
        for (i, s) in sections.enumerated() {
            let c = heights.indices.min { heights[$0] < heights[$1] }!
            placed.append((c, heights[c], i))
            heights[c] += titleHeight + Double(s.rows.count) * lineHeight + gap
        }
        let total = (heights.max() ?? 0) - gap + top + 10
        let panelWidth = Double(columns) * colWidth + Double(columns - 1) * 32 + 48
        let panel = CanvasRect(x: (width - panelWidth) / 2, y: max(12, (height - total) / 2), width: panelWidth, height: total)
        ctx.newPath()
        ctx.roundedRectangle(panel, radius: 12)
        ctx.setColor(RGBA(0.11, 0.12, 0.14, 0.96))
        ctx.fill()
        let heading = TextLayout(text: "Keyboard shortcuts — any key closes", font: "Sans Bold 15")
        heading.draw(in: ctx, x: panel.x + 24, y: panel.y + 14, color: RGBA(1, 1, 1, 0.95))
        targetLine?.draw(in: ctx, x: panel.x + 24, y: panel.y + 46, color: RGBA(1, 0.86, 0.55, 0.95))
        for p in placed {
            let s = sections[p.index]
            let x = panel.x + 24 + Double(p.column) * (colWidth + 32)
            var y = panel.y + top + p.y
            TextLayout(text: s.title, font: "Sans Bold 13").draw(in: ctx, x: x, y: y + 6, color: RGBA(0.55, 0.75, 1))
            y += titleHeight
            for r in s.rows {
                TextLayout(text: r.keys, font: "Sans Bold 12", width: keyWidth - 8, ellipsize: true)
                    .draw(in: ctx, x: x, y: y, color: RGBA(1, 1, 1, 0.9))
                TextLayout(text: r.text, font: "Sans 12", width: colWidth - keyWidth, ellipsize: true)
                    .draw(in: ctx, x: x + keyWidth, y: y, color: RGBA(1, 1, 1, 0.75))
                y += lineHeight
            }
        }
    }
}
