import Foundation

/// Raw access to nested parts of the state JSON that have no typed accessor.
extension AppStateReading {
    /// The array of objects under `key` (e.g. "visible", "photos"); empty when absent.
    func objects(_ key: String) -> [[String: Any]] { json[key] as? [[String: Any]] ?? [] }

    /// The object under `key` (e.g. "window", "contentOffset"); empty when absent.
    func object(_ key: String) -> [String: Any] { json[key] as? [String: Any] ?? [:] }

    /// The image requests the screen reports ("photos"): each has at least "status" ("loading", "loaded", …).
    var photos: [[String: Any]] { objects("photos") }

    /// The window's size, points, from "window".
    var windowWidth: Double { Self.number(object("window")["width"]) ?? .nan }
    var windowHeight: Double { Self.number(object("window")["height"]) ?? .nan }

    /// A string in "layout" (e.g. the album's name on the album screen).
    func string(_ key: String) -> String? { layout[key] as? String }

    /// One line for failure messages: screen, animating, offset, layout.
    var summary: String {
        "screen \(screen), animating \(animating), offset (\(offsetX), \(offsetY)), layout \(layout)"
    }
}
