import Foundation

/// One reading of the `--state` JSON file: the parts the end-to-end tests read, plus the raw `json` for the rest.
struct AppStateReading {
    let json: [String: Any]
    /// The JSON re-serialised with sorted keys, to tell writes apart.
    let raw: String

    init(json: [String: Any]) {
        self.json = json
        raw = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// A JSON number as a Double, whatever Foundation decoded it as.
    static func number(_ any: Any?) -> Double? {
        if let d = any as? Double { return d }
        if let i = any as? Int { return Double(i) }
        if let n = any as? NSNumber { return n.doubleValue }
        return nil
    }

    var screen: String { json["screen"] as? String ?? "" }
    /// Not animating and no button held (a drag holding still is not at rest).
    var isAtRest: Bool { !animating && bool("pointerDown") != true }
    var animating: Bool { json["animating"] as? Bool ?? false }
    var offsetX: Double { Self.number((json["contentOffset"] as? [String: Any])?["x"]) ?? .nan }
    var offsetY: Double { Self.number((json["contentOffset"] as? [String: Any])?["y"]) ?? .nan }
    var contentWidth: Double { Self.number((json["contentSize"] as? [String: Any])?["width"]) ?? .nan }
    var contentHeight: Double { Self.number((json["contentSize"] as? [String: Any])?["height"]) ?? .nan }
    var layout: [String: Any] { json["layout"] as? [String: Any] ?? [:] }
    func int(_ key: String) -> Int? { Self.number(layout[key]).map { Int($0) } }
    func double(_ key: String) -> Double? { Self.number(layout[key]) }
    func bool(_ key: String) -> Bool? { layout[key] as? Bool }

    /// Visible elements: category, kind, section, item, frame [x, y, w, h] (content points), alpha.
    struct Element {
        var category: String, kind: String, section: Int, item: Int, frame: [Double], alpha: Double, scale: Double
        var centerX: Double { frame[0] + frame[2] / 2 }
        var centerY: Double { frame[1] + frame[3] / 2 }
    }

    var visible: [Element] {
        (json["visible"] as? [[String: Any]] ?? []).map { e in
            Element(category: e["category"] as? String ?? "", kind: e["kind"] as? String ?? "",
                    section: Self.number(e["section"]).map { Int($0) } ?? -1, item: Self.number(e["item"]).map { Int($0) } ?? -1,
                    frame: (e["frame"] as? [Any] ?? []).compactMap { Self.number($0) },
                    alpha: Self.number(e["alpha"]) ?? 1, scale: Self.number(e["scale"]) ?? 1)
        }
    }

    var cells: [Element] { visible.filter { $0.category == "cell" } }
}
