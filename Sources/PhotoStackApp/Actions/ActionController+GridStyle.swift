extension ActionController {
    /// Lays album grids out in `style` (the open grid glides to it), says so, and remembers it; this run's `--grid`
    /// gives way to the choice.
    func setGridStyle(_ style: AlbumGridStyle) {
        for case let grid as AlbumScreen in browser.stack {
            grid.setGridStyle(style, showsFileNames: settings.showsFileNames, animated: true, at: time)
        }
        say(style == .justified ? "Whole photos in rows" : "Square grid")
        updateSettings { $0.albumGridStyle = style; $0.runGridStyle = nil }
    }

    /// Shows or hides the file names under the photos of justified rows, says so, and remembers it.
    func setShowsFileNames(_ shown: Bool) {
        for case let grid as AlbumScreen in browser.stack {
            grid.setGridStyle(grid.gridStyle, showsFileNames: shown, animated: true, at: time)
        }
        say(shown ? "File names shown" : "File names hidden")
        updateSettings { $0.showsFileNames = shown }
    }

    /// Whether a toggle's menu row is checked: justified rows or file names in force.
    func isChecked(_ action: BrowserAction) -> Bool {
        switch action {
        case .justifiedRows: return settings.gridStyleInForce == .justified
        case .fileNames: return settings.showsFileNames
        default: return false
        }
    }
}
