import StackEngine

/// Foundation also declares an `IndexPath`; inside the app it always means the engine's (section, item).
typealias IndexPath = StackEngine.IndexPath
