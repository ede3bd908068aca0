import Host
import PhotoPipeline

/// Everything the album browser can do besides looking, as one table: each action's title (the context menu and
/// the help overlay show it), its keyboard shortcut, and what it applies to. The menu, the help overlay and the
/// key handling all read this table, so a shortcut is listed wherever it works.
enum BrowserAction: Hashable {
    case open
    case openWith
    case showInFolder
    case copy
    case moveToTrash
    case undo
    case rotateClockwise
    case rotateCounterClockwise
    case info
    case slideshow
    case pauseSlideshow
    case fullscreen
    case selectAll
    case clearSelection
    case sort(PhotoSortOrder)
    /// The album grid: justified rows of whole photos ↔ square cards.
    case justifiedRows
    /// Justified rows: file names under the photos, on ↔ off.
    case fileNames
    case help
    case places

    /// The menu and help title.
    var title: String {
        switch self {
        case .open: return "Open"
        case .openWith: return "Open with default application"
        case .showInFolder: return "Show in folder"
        case .copy: return "Copy"
        case .moveToTrash: return "Move to the Trash"
        case .undo: return "Undo"
        case .rotateClockwise: return "Rotate clockwise"
        case .rotateCounterClockwise: return "Rotate counter-clockwise"
        case .info: return "Photo information"
        case .slideshow: return "Slideshow"
        case .pauseSlideshow: return "Pause / resume slideshow"
        case .fullscreen: return "Fullscreen"
        case .selectAll: return "Select all"
        case .clearSelection: return "Clear selection"
        case .sort(.name): return "Sort by name"
        case .sort(.taken): return "Sort by date taken"
        case .sort(.modified): return "Sort by modification time"
        case .justifiedRows: return "Whole photos in rows"
        case .fileNames: return "File names under photos"
        case .help: return "Keyboard shortcuts"
        case .places: return "Open folder…"
        }
    }

    /// The menu's title for an action on `photoCount` photos: what it will apply to ("Move 3 photos to the Trash").
    func title(photoCount n: Int) -> String {
        guard n > 1 else { return title }
        switch self {
        case .moveToTrash: return "Move \(n) photos to the Trash"
        case .copy: return "Copy \(n) photos"
        case .rotateClockwise: return "Rotate \(n) photos clockwise"
        case .rotateCounterClockwise: return "Rotate \(n) photos counter-clockwise"
        case .openWith: return "Open \(n) photos with the default application"
        case .showInFolder: return "Show \(n) photos in their folder"
        default: return title
        }
    }

    /// The shortcuts (the first one is shown in the menu).
    var shortcuts: [Shortcut] {
        switch self {
        case .open: return [Shortcut(.enter, label: "Enter")]
        case .openWith: return [Shortcut(.enter, [.shift], label: "Shift+Enter")]
        case .showInFolder: return [Shortcut(.enter, [.control], label: "Ctrl+Enter")]
        case .copy: return [Shortcut(.character("c"), [.control], label: "Ctrl+C")]
        case .moveToTrash: return [Shortcut(.other("Delete"), label: "Delete"), Shortcut(.other("KP_Delete"), label: "Delete")]
        case .undo: return [Shortcut(.character("z"), [.control], label: "Ctrl+Z")]
        case .rotateClockwise: return [Shortcut(.character("r"), label: "R")]
        case .rotateCounterClockwise: return [Shortcut(.character("R"), label: "Shift+R")]
        case .info: return [Shortcut(.character("i"), label: "I")]
        case .slideshow: return [Shortcut(.character("s"), label: "S")]
        case .pauseSlideshow: return [Shortcut(.space, label: "Space")]
        case .fullscreen: return [Shortcut(.function(11), label: "F11"), Shortcut(.character("f"), label: "F")]
        case .selectAll: return [Shortcut(.character("a"), [.control], label: "Ctrl+A")]
        case .clearSelection: return [Shortcut(.escape, label: "Esc")]
        case .sort(.name): return [Shortcut(.character("1"), [.alt], label: "Alt+1")]
        case .sort(.taken): return [Shortcut(.character("2"), [.alt], label: "Alt+2")]
        case .sort(.modified): return [Shortcut(.character("3"), [.alt], label: "Alt+3")]
        case .justifiedRows: return [Shortcut(.character("g"), label: "G")]
        case .fileNames: return [Shortcut(.character("G"), label: "Shift+G")]
        case .help: return [Shortcut(.character("?"), label: "?"), Shortcut(.function(1), label: "F1")]
        case .places: return [Shortcut(.character("o"), [.control], label: "Ctrl+O")]
        }
    }

    /// The actions whose shortcut the browser handles itself (Enter, Space and Escape also mean other things on
    /// some screens and are matched there).
    static let keyed: [BrowserAction] = [.openWith, .showInFolder, .copy, .moveToTrash, .undo, .rotateClockwise,
                                         .rotateCounterClockwise, .info, .slideshow, .fullscreen, .selectAll,
                                         .sort(.name), .sort(.taken), .sort(.modified), .justifiedRows, .fileNames, .help, .places]

    /// The action `key` is the shortcut of, among `keyed`.
    static func matching(_ key: KeyEvent) -> BrowserAction? {
        keyed.first { $0.shortcuts.contains { $0.matches(key) } }
    }

    /// True for actions on photos (disabled where no photo is meant, e.g. on the albums screen).
    var needsPhotos: Bool {
        switch self {
        case .copy, .moveToTrash, .rotateClockwise, .rotateCounterClockwise, .info: return true
        default: return false
        }
    }
}

/// A key with its modifiers, and how the help overlay writes it.
struct Shortcut: Hashable {
    var key: Key
    var modifiers: Modifiers
    var label: String

    init(_ key: Key, _ modifiers: Modifiers = [], label: String) {
        self.key = key; self.modifiers = modifiers; self.label = label
    }

    /// True when `event` is this shortcut. Shift is ignored for printable characters (it is what makes "R" and
    /// "?"; the keysym already says which character it is); Caps Lock and other modifiers than Shift, Ctrl, Alt
    /// and Super are not looked at.
    func matches(_ event: KeyEvent) -> Bool {
        guard event.key == key else { return false }
        var mods = event.modifiers
        if case .character = key { mods.remove(.shift) }
        return mods == modifiers
    }
}
