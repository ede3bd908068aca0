import Foundation

/// A cell's look described in a small JSON file loaded at run time — the counterpart of a nib.
/// Cells dequeued for a template registration are `TemplateCellView`s; the app draws them from it.
///
/// Example:
/// ```json
/// { "background": [0.2, 0.4, 0.8, 1], "cornerRadius": 6, "borderWidth": 1, "borderColor": [1, 1, 1, 1],
///   "label": { "format": "{section}.{item}", "fontSize": 14, "textColor": [1, 1, 1, 1] } }
/// ```
public struct CellTemplate: Codable, Hashable, Sendable {
    /// A colour as red, green, blue, alpha, each 0 … 1.
    public typealias RGBA = [Double]

    public struct Label: Codable, Hashable, Sendable {
        /// Text with placeholders `{section}` and `{item}` (zero-based).
        public var format: String
        /// Font size, in points.
        public var fontSize: Double
        public var textColor: RGBA
        public var bold: Bool?

        public init(format: String, fontSize: Double = 13, textColor: RGBA = [0, 0, 0, 1], bold: Bool? = nil) {
            self.format = format; self.fontSize = fontSize; self.textColor = textColor; self.bold = bold
        }

        /// The label text for `indexPath`.
        public func text(for indexPath: IndexPath) -> String {
            format.replacingOccurrences(of: "{section}", with: String(indexPath.section))
                .replacingOccurrences(of: "{item}", with: String(indexPath.item))
        }
    }

    public var background: RGBA
    /// Corner radius, in points.
    public var cornerRadius: Double
    /// Border width, in points (0 = none).
    public var borderWidth: Double
    public var borderColor: RGBA
    public var label: Label?

    public init(background: RGBA = [1, 1, 1, 1], cornerRadius: Double = 0, borderWidth: Double = 0,
                borderColor: RGBA = [0, 0, 0, 1], label: Label? = nil) {
        self.background = background; self.cornerRadius = cornerRadius; self.borderWidth = borderWidth
        self.borderColor = borderColor; self.label = label
    }

    private enum CodingKeys: String, CodingKey { case background, cornerRadius, borderWidth, borderColor, label }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        background = try c.decodeIfPresent(RGBA.self, forKey: .background) ?? [1, 1, 1, 1]
        cornerRadius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0
        borderWidth = try c.decodeIfPresent(Double.self, forKey: .borderWidth) ?? 0
        borderColor = try c.decodeIfPresent(RGBA.self, forKey: .borderColor) ?? [0, 0, 0, 1]
        label = try c.decodeIfPresent(Label.self, forKey: .label)
        try validate()
    }

    /// Checks colours have 4 components in 0 … 1 and lengths are not negative.
    public func validate() throws {
        func check(_ colour: RGBA, _ name: String) throws {
            guard colour.count == 4, colour.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                throw CellTemplateError.invalidValue("\(name) must be 4 numbers (r, g, b, a) in 0…1, got \(colour)")
            }
        }
        try check(background, "background")
        try check(borderColor, "borderColor")
        if let label { try check(label.textColor, "label.textColor") }
        guard cornerRadius >= 0 else { throw CellTemplateError.invalidValue("cornerRadius must not be negative") }
        guard borderWidth >= 0 else { throw CellTemplateError.invalidValue("borderWidth must not be negative") }
        if let label, label.fontSize <= 0 { throw CellTemplateError.invalidValue("label.fontSize must be positive") }
    }

    /// Decodes a template from JSON data; errors name the offending field.
    public static func decode(_ data: Data, source: String = "<data>") throws -> CellTemplate {
        do {
            return try JSONDecoder().decode(CellTemplate.self, from: data)
        } catch let error as CellTemplateError {
            throw CellTemplateError.invalidTemplate(source: source, reason: error.description)
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx) {
            throw CellTemplateError.invalidTemplate(source: source, reason: Self.describe(ctx))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw CellTemplateError.invalidTemplate(source: source, reason: "missing \(key.stringValue) at \(Self.path(ctx))")
        } catch let DecodingError.dataCorrupted(ctx) {
            throw CellTemplateError.invalidTemplate(source: source, reason: "not valid JSON: \(ctx.debugDescription)")
        }
    }

    /// Loads a template from a JSON file at `url`.
    public static func load(from url: URL) throws -> CellTemplate {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CellTemplateError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try decode(data, source: url.path)
    }

    /// Loads a template from a JSON file at `path`.
    public static func load(fromPath path: String) throws -> CellTemplate {
        try load(from: URL(fileURLWithPath: path))
    }

    private static func path(_ ctx: DecodingError.Context) -> String {
        let p = ctx.codingPath.map(\.stringValue).joined(separator: ".")
        return p.isEmpty ? "top level" : p
    }

    private static func describe(_ ctx: DecodingError.Context) -> String {
        "\(path(ctx)): \(ctx.debugDescription)"
    }
}
