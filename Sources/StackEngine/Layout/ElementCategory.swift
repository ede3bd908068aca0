/// What an element on screen is: a data-source cell, a data-source supplementary view (headers,
/// titles) or a layout-owned decoration view.
public enum ElementCategory: String, Hashable, Sendable, Codable {
    case cell
    case supplementary
    case decoration
}
