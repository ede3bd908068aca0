/// A quarter turn of the displayed photo: `r` turns it clockwise, `R` counter-clockwise.
public enum RotationDirection: Sendable, Hashable {
    case clockwise
    case counterClockwise
}
