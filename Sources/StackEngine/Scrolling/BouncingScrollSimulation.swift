/// Friction that bounces at the content edges, after Flutter's iOS `BouncingScrollSimulation`.
///
/// Inside `minOffset...maxOffset` the offset coasts with `FrictionSimulation`; if the projected resting point
/// lies past an edge, the motion hands over to a spring at the moment it crosses that edge, with exactly the
/// velocity it has there, pulling it back to `restingAt` (the edge, or a snap point of the layout inside the range).
/// Flutter caps the handed-over velocity at 5000 px/s, a step down in one frame for faster flings; here the velocity
/// is kept and the spring is stiffened instead (ω scaled by |v| / `maxSpringVelocity`, same damping ratio), which
/// bounds the overshoot exactly as the cap would (v_max / (ω·e) ≈ 184 pt for the standard spring) without a jolt.
/// Started overscrolled it springs back to the edge; if a critically damped spring-back would cross the edge
/// (thrown inwards), it hands back to friction at the crossing. A critically damped spring-back started at the
/// edge, or moving outwards, never crosses the edge.
///
/// Positions in points, velocities in points per second, time in seconds since the start.
public struct BouncingScrollSimulation: ScrollSimulation {
    private enum Phase: Sendable {
        case friction(FrictionSimulation)
        case spring(SpringSimulation)

        var simulation: any ScrollSimulation {
            switch self {
            case .friction(let f): return f
            case .spring(let s): return s
            }
        }
    }

    /// Phases in order, each with its start time in seconds.
    private let phases: [(start: Double, phase: Phase)]

    /// - Parameter restingAt: where the spring after an edge crossing comes to rest (points, inside the range;
    ///   default: the edge crossed).
    public init(position: Double, velocity: Double, minOffset: Double, maxOffset: Double,
                rate: DecelerationRate = .normal, spring: SpringSimulation.Parameters = .criticallyDamped,
                maxSpringVelocity: Double = 5000, restingAt: Double? = nil) {
        let lower = min(minOffset, maxOffset), upper = max(minOffset, maxOffset)
        var list: [(start: Double, phase: Phase)] = []
        var t = 0.0, x = position, v = velocity
        /// The spring for a hand-over at speed `v`: stiffer (same damping ratio) above `maxSpringVelocity`.
        func springFor(_ v: Double) -> SpringSimulation.Parameters {
            let f = abs(v) / max(1, maxSpringVelocity)
            guard f > 1 else { return spring }
            return SpringSimulation.Parameters(mass: spring.mass, stiffness: spring.stiffness * f * f, damping: spring.damping * f)
        }
        for _ in 0..<4 {
            if x > upper || x < lower {
                let edge = x > upper ? upper : lower
                let s = SpringSimulation(parameters: springFor(v), from: x, velocity: v, to: edge)
                list.append((t, .spring(s)))
                guard let tc = s.criticalCrossingTime else { break }
                // Thrown inwards hard enough to cross the edge: continue inside with friction.
                t += tc; x = edge; v = s.velocity(at: tc)
                continue
            }
            let f = FrictionSimulation(position: x, velocity: v, rate: rate)
            let rest = f.restingPosition
            let edge: Double? = rest > upper ? upper : (rest < lower ? lower : nil)
            list.append((t, .friction(f)))
            guard let edge, let tc = f.time(toReach: edge) else { break }
            let ve = f.velocity(at: tc)
            let target = restingAt.map { min(upper, max(lower, $0)) } ?? edge
            let s = SpringSimulation(parameters: springFor(ve), from: edge, velocity: ve, to: target)
            list.append((t + tc, .spring(s)))
            break
        }
        phases = list
    }

    private func phase(at t: Double) -> (start: Double, simulation: any ScrollSimulation) {
        var chosen = phases[0]
        for p in phases where p.start <= t { chosen = p }
        return (chosen.start, chosen.phase.simulation)
    }

    public func position(at t: Double) -> Double {
        let p = phase(at: t)
        return p.simulation.position(at: t - p.start)
    }

    public func velocity(at t: Double) -> Double {
        let p = phase(at: t)
        return p.simulation.velocity(at: t - p.start)
    }

    public func isDone(at t: Double) -> Bool {
        guard let last = phases.last, t >= last.start else { return false }
        return last.phase.simulation.isDone(at: t - last.start)
    }

    public var finalPosition: Double { phases.last!.phase.simulation.finalPosition }

    /// The time, in seconds, at which the motion hands over to a spring at an edge; `nil` if it never does.
    public var edgeHandoverTime: Double? {
        for (i, p) in phases.enumerated() where i > 0 { if case .spring = p.phase { return p.start } }
        return nil
    }
}
