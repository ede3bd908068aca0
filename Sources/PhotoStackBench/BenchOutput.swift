import Foundation

/// One line of `photostack bench` output: a scenario's figures as a JSON object with the machine's core
/// count (`cores`) and the build mode (`build`: "release" or "debug") added.
public enum BenchOutput {
    /// "release" or "debug" (`#if DEBUG`).
    public static var buildMode: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// `value` encoded as one line of JSON (sorted keys) with `scenario`, `cores` and `build` added.
    public static func line<T: Encodable>(scenario: String, _ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var object: [String: Any] = [:]
        if let data = try? encoder.encode(value),
           let decoded = try? JSONSerialization.jsonObject(with: data) as? [String: Any] { object = decoded }
        object["scenario"] = scenario
        object["cores"] = ProcessInfo.processInfo.activeProcessorCount
        object["build"] = buildMode
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
