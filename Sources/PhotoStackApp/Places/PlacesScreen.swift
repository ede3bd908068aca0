import Canvas
import Foundation
import Host
import PhotoPipeline

/// The Places screen: folders to open as the library — the pictures folder, home, the sample library, recent
/// libraries, GTK bookmarks, drives and network shares — as a list of rows (glyph, name, path underneath), with a
/// sentence at the top. Arrows, Home/End move the selection, Enter or a click opens the entry (`onChoose`),
/// Escape or Backspace go back (`onBack`, when there is somewhere to go back to). Entries that cannot be opened
/// are listed dimmed with their reason and are not chosen. The entries come from `PlacesFinder` on a background
/// thread (`show(_:)`); the screen itself never touches the file system.
public final class PlacesScreen: Screen {
    /// The entries, in the screen's order; empty until `show(_:)`.
    public private(set) var places: [Place] = []
    /// True until the entries arrive.
    public private(set) var isLoading = true
    /// The sentence at the top ("No photos in ~/Pictures — choose a folder to open").
    public var headline: String
    /// A second line under the headline: why the last choice was not opened, or what is being opened.
    public var status: String?
    /// The row of the keyboard selection (an index into `places`), nil before the first arrow or entry.
    public var selected: Int?
    /// A folder known to hold no photos (the one the app was opened on): the first selection is not on it.
    public var avoided: PhotoPath?
    /// The row under the pointer, nil when none.
    public internal(set) var hovered: Int?
    /// Scrolled distance of the list, points (0: its top shows).
    var scrollOffset = 0.0
    var width = 0.0, height = 0.0, scale = 1.0
    /// The home folder, for paths shown with "~".
    let home: String?
    /// A chosen, available entry.
    public var onChoose: ((Place) -> Void)?
    /// Escape or Backspace; nil when there is nothing to go back to (the app started here).
    public var onBack: (() -> Void)?
    let background = try? BackgroundTexture()

    public init(headline: String, home: String?) {
        self.headline = headline
        self.home = home
    }

    /// Shows `places` (the finder's result), keeping the selection on the same folder when it is still listed.
    public func show(_ places: [Place]) {
        let kept = selected.map { self.places[$0].path }
        self.places = places
        isLoading = false
        selected = kept.flatMap { k in places.firstIndex { $0.path == k } }
            ?? places.firstIndex { $0.isAvailable && $0.path != avoided } ?? places.firstIndex { $0.isAvailable }
        hovered = nil
        clampScroll()
    }

    /// `path` for display: the home folder shortened to "~".
    func shown(_ path: PhotoPath) -> String {
        let s = path.string
        if let home, home.count > 1, s == home || s.hasPrefix(home + "/") { return "~" + s.dropFirst(home.count) }
        return s
    }

    // MARK: Screen

    public var name: String { "places" }
    public var title: String { "Places — PhotoStack" }
    public var cursor: CursorShape { hovered.map { places[$0].isAvailable } == true ? .hand : .arrow }

    public func resize(width: Double, height: Double, scale: Double, at time: Double) {
        self.width = width; self.height = height; self.scale = scale
        clampScroll()
    }

    public func update(at time: Double) {}
    public var isAnimating: Bool { false }
    public var isReadyForSnapshot: Bool { !isLoading }
    public var stateMilestone: Int { isLoading ? 0 : 1 }

    public func state() -> ScreenState {
        var layout: [String: StateValue] = ["headline": .string(headline), "loading": .bool(isLoading)]
        if let status { layout["status"] = .string(status) }
        if let selected { layout["selected"] = .int(selected) }
        if let hovered { layout["hovered"] = .int(hovered) }
        layout["entries"] = .list(places.map { p in
            var o: [String: StateValue] = ["name": .string(p.name), "path": .string(p.path.string), "kind": .string(p.kind.rawValue),
                                           "available": .bool(p.isAvailable)]
            if let r = p.unavailableReason { o["reason"] = .string(r) }
            return .object(o)
        })
        let visible = rowFrames().enumerated().map { i, f in
            VisibleElementState(category: "cell", kind: "place", section: 0, item: i, frame: [f.x, f.y, f.width, f.height],
                                alpha: places[i].isAvailable ? 1 : 0.5)
        }
        return ScreenState(contentOffset: StatePoint(x: 0, y: scrollOffset), contentSize: StateSize(width: width, height: contentHeight),
                           visible: visible, layout: layout)
    }
}
