/** One readable event of a traced trial, for replay and the combat log. */
export interface TraceEvent {
  /** Position in the trial's own clock (slot, segment, turn...), for timelines. */
  at: number
  /** Kind of event, for styling: roll, act, lose, interrupt, note... */
  kind: string
  /** Combatant ids involved. */
  who: string[]
  text: string
}
