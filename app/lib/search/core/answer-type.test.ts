import { describe, expect, it } from 'vitest'
import { answerTypeOf, factAnswerTypes, leadFigure } from './answer-type'

describe('answerTypeOf: what a question asks for', () => {
  it.each([
    ['how tall is a drum supposed to be', 'length'],
    ['how far apart do the posts go', 'length'],
    ['how deep do we saw the joint', 'length'],
    ['what temp does the mix have to be', 'temperature'],
    ['how hot can the concrete be', 'temperature'],
    ['how long can I hold the cars at the flagger', 'duration'],
    ['how many days before permanent seeding', 'duration'],
    ['when did the X-Lite ends stop', 'date'],
    ['what date did contactless tickets start', 'date'],
    ['what is the tack rate', 'rate'],
    ['what percent compaction do we need', 'percent'],
    ['how many cores per lot', 'count'],
    ['how often do we take a gauge reading', 'count'],
    ['how heavy is a number 5 bar per foot', 'weight'],
    ['what psi does deck concrete break at', 'strength'],
    ['what is the speed limit in the work zone', 'speed'],
    ['which test method is the speedy moisture test', 'reference'],
    ['what astm do they break cylinders by', 'reference'],
    ['mutcd section that says barrier has to be crashworthy', 'reference'],
    ['who can approve holding traffic longer', 'who'],
    ["slabs stepped at the joint, what's that called", 'name'],
    ['what does AAD stand for', 'name'],
    // A measured property named as a noun asks for its figure.
    ['what slump is allowed for class 4000', 'length'],
    ['air content range for class 3000', 'percent'],
    ["whats the fine if a driver hits one of my guys", 'money'],
    ['how much does an inspector get paid', 'money'],
    ['torque on the splice bolts', 'torque'],
    // A named thing asked about as a whole wants the sentence that says what it is.
    ['What is SC-T-29?', 'definition'],
    ['whats sc t 22', 'definition'],
    ['sc t 29 what is it', 'definition'],
    ['what does 401.4.30 cover', 'definition'],
    ['what is a TMA', 'definition'],
    ['What is the Minimum Sample Requirement workbook for?', 'definition'],
    ['whats the nuclear gauge used for', 'definition'],
    // How bright a marking reads is a retroreflectivity figure.
    ['how shiny does new white paint have to be at night', 'brightness'],
    ['what should the retro meter read on new yellow', 'brightness'],
    ['minimum retroreflectivity for new paint', 'brightness'],
    // Pass marks, shares and pay factors are percents; deadlines and service lives are durations.
    ['whats a passing grade on the earthwork exam', 'percent'],
    ['silt fence has to trap what share of the sediment', 'percent'],
    ['whats the deadline for permanent seeding once grading stops', 'duration'],
    ['max time we can stop traffic at the flag station', 'duration'],
    ['service life of profiled edge lines', 'duration'],
    ['how quick do they have to get grass going', 'duration'],
    ['element count on the big arrow board', 'count'],
    ['gauge readings per lot before 2018', 'count'],
    ['low tonnage cutoff on one mix', 'weight'],
    ['minimum setback for spoil from the trench edge', 'length'],
    ['how long is the empty space after each ten foot dash', 'length'],
    ['how long is the lap splice on a number 5 bar', 'length'],
    ['gap between the painted pieces of a skip line', 'length'],
    ['how narrow can the lab be', 'length'],
    ['max lateral travel to a ladder in a trench', 'length'],
    ["driver cut through the closure, what's the fine range", 'money'],
    // What to do about a finding asks for an action.
    ['guys working in a trench with straight walls no shoring, what do I do', 'action'],
    ['okay trench is caving and guys are still in it, what now', 'action'],
    ['how do they usually correct a bleeding surface', 'action'],
    ['deep scaling with the stone coming loose, how is it repaired', 'action'],
    ['the rail looks short after the overlay, what do I make the contractor do', 'action'],
    ['water pouring through the bridge joint onto the bearings, what has to happen', 'action'],
    ['pothole opened up over the pipe, first thing we do?', 'action'],
    ['slick spot in the lane, first thing i should do', 'action'],
    ['silt fence full of mud, what are we supposed to do with it', 'action'],
    ['guy blew through my lane closure, what is he looking at money wise', 'money'],
  ])('%s -> %s', (question, type) => {
    expect(answerTypeOf(question)).toBe(type)
  })

  it('does not read a shiny defect or a retroreflectivity test as a brightness figure', () => {
    expect(answerTypeOf('black shiny fat spots in the wheel paths, whats that called')).not.toBe('brightness')
    expect(answerTypeOf('which test method for retroreflectivity')).toBe('reference')
    expect(answerTypeOf('brand new line fails the retroreflectivity reading, what happens to it')).toBe('action')
    expect(answerTypeOf('new white stripe, what should the retroreflectometer read at least')).toBe('brightness')
    expect(answerTypeOf('whats the lot pay factor based on now instead of voids')).not.toBe('percent')
  })

  it('leaves yes/no, how-to and units in passing untyped', () => {
    expect(answerTypeOf('does the fly ash count in the water cement ratio')).toBeNull()
    expect(answerTypeOf('can we stripe on damp pavement')).toBeNull()
    expect(answerTypeOf('on a six foot lane can I skip the taper')).toBeNull()
  })

  it('does not read a property, a person or an action as a thing to define', () => {
    expect(answerTypeOf('what is the pattern for a broken skip line')).not.toBe('definition')
    expect(answerTypeOf('whats a passing grade on the earthwork exam')).not.toBe('definition')
    expect(answerTypeOf('what is our limit on the cores')).not.toBe('definition')
    expect(answerTypeOf('what do we use for tack')).not.toBe('definition')
  })

  it("reads 'temp' before a work item as temporary, not a temperature", () => {
    expect(answerTypeOf('which crash test level does the temp barrier need')).toBe('reference')
    expect(answerTypeOf('temp signals at the bridge, how do we time them')).not.toBe('temperature')
    expect(answerTypeOf('what temp concrete wall goes on the shift')).not.toBe('temperature')
    expect(answerTypeOf('what temp should the mix be')).toBe('temperature')
    expect(answerTypeOf('temps too low to pave today')).toBe('temperature')
  })

  it("reads 'fine' as a penalty only when the fine is asked about", () => {
    expect(answerTypeOf('what fine does a speeder get in a work zone')).toBe('money')
    expect(answerTypeOf('how much is the fine')).toBe('money')
    expect(answerTypeOf('fines for hitting a flagger')).toBe('money')
    expect(answerTypeOf('the cores look fine, can we pave')).not.toBe('money')
    expect(answerTypeOf('we let them place it wet, thats fine right')).not.toBe('money')
    expect(answerTypeOf('a fine web of cracks on the slab, what is it')).not.toBe('money')
  })

  it('reads a road speed in passing as context, and apart as spacing only with a distance', () => {
    expect(answerTypeOf('on a 55 mph road which barrier test level')).toBe('reference')
    expect(answerTypeOf('what mph do we post in the zone')).toBe('speed')
    expect(answerTypeOf('the joints pulled apart, can we pave over them')).not.toBe('length')
    expect(answerTypeOf('how far apart are the delineators')).toBe('length')
  })

  it('reads a question that asks outright for a document, a procedure or a person by that ask, whatever its setting', () => {
    expect(answerTypeOf('where in the spec book are the weigh tickets')).toBe('reference')
    expect(answerTypeOf('which drawing shows how deep to mill')).toBe('reference')
    expect(answerTypeOf('the little pressure gauge moisture tester, what sc-t is it')).toBe('reference')
    expect(answerTypeOf('um whos signing off on how many tests we run')).toBe('who')
    // A time in passing is the setting; a question about time still asks for one.
    expect(answerTypeOf('cracks showed up a few hours after the pour, what are they')).toBeNull()
    expect(answerTypeOf('how many hours before we can open it')).toBe('duration')
  })

  it("reads 'pay' alone as the pay factor of a lot, not dollars", () => {
    expect(answerTypeOf('cores came back ninety three, what pay is that')).not.toBe('money')
  })
})

describe('factAnswerTypes and leadFigure: what a fact states, and the figure that leads', () => {
  it('reads figures with their units', () => {
    expect([...factAnswerTypes('Drums are at least 36 in high and 18 in wide.')]).toContain('length')
    expect([...factAnswerTypes('Hold traffic no more than 15 minutes.')]).toContain('duration')
    // A time in words answers 'how soon' when there is no count.
    expect([...factAnswerTypes('Replace a damaged cushion at once.')]).toContain('duration')
    expect([...factAnswerTypes('Start the cure promptly.')]).toContain('duration')
    expect([...factAnswerTypes('Contactless tickets were allowed from April 8, 2020.')]).toContain('date')
    expect([...factAnswerTypes('New white paint: 250 mcd/m2/lx minimum.')]).toContain('brightness')
    expect([...factAnswerTypes('Get workers out of a failing trench at once (priority immediate; SCDOT reference: 29 CFR 1926.652)')]).toContain('action')
    // A name: a defect's title line, a name spelt out for its letters; a symptom line is none.
    expect([...factAnswerTypes('Honeycombing and voids in formed concrete (defect guide, concrete; typical severity medium).')]).toContain('name')
    expect([...factAnswerTypes('The Midwest Guardrail System (MGS) is the W-beam system SCDOT uses.')]).toContain('name')
    expect([...factAnswerTypes('AAD stands for absolute average deviation.')]).toContain('name')
    expect([...factAnswerTypes('areas of coarse stone with little or no mortar between them on a formed surface')]).not.toContain('name')
    expect([...factAnswerTypes('soil sloughing or falling from the trench walls')]).not.toContain('action')
    expect(leadFigure('Initial retroreflectivity, white paint (newly applied): 250 mcd/m2/lx minimum', 'brightness')).toBe('250 mcd/m2/lx')
    expect([...factAnswerTypes('Deck concrete is 4,500 psi at 28 days.')]).toEqual(expect.arrayContaining(['strength', 'duration']))
    expect([...factAnswerTypes('Tack in gal/SY: 0.05 gal/SY minimum.')]).toContain('rate')
    expect([...factAnswerTypes('The District Engineering Administrator approves it.')]).toContain('who')
    expect([...factAnswerTypes('Cylinders are broken by ASTM C39.')]).toContain('reference')
    expect([...factAnswerTypes('A driver who injures a worker is fined $1,000 to $2,000.')]).toContain('money')
    expect([...factAnswerTypes('Tighten the nuts to 100 ft-lb.')]).toContain('torque')
    expect([...factAnswerTypes('An average of 93.0 percent earns full pay.')]).not.toContain('money')
    expect([...factAnswerTypes('the citation [Section 401, 2007] does not count')]).toEqual([])
  })

  it('reads a sentence that says what a thing is, and not a figure stated of a subject', () => {
    expect([...factAnswerTypes("SC-T-29 is SCDOT's one-point Proctor: a quick field check.")]).toContain('definition')
    expect([...factAnswerTypes('It is the one-point Proctor of SCDOT field moisture-density control.')]).toContain('definition')
    expect([...factAnswerTypes('Section 105 covers control of work.')]).toContain('definition')
    expect([...factAnswerTypes('Rural advance warning signs are 500 ft apart.')]).not.toContain('definition')
    expect([...factAnswerTypes('The minimum is 6 in.')]).not.toContain('definition')
    expect([...factAnswerTypes('If the lot fails, it is cored again.')]).not.toContain('definition')
  })

  it('leads with the one figure of the asked type, a restatement in brackets included', () => {
    expect(leadFigure('Line post spacing: 6 ft 3 in (6.25 ft) center to center', 'length')).toBe('6 ft 3 in')
    expect(leadFigure('Drums are at least 36 in high.', 'length')).toBe('36 in')
    expect(leadFigure('Drums are at least 36 in high and 18 in wide.', 'length')).toBeNull()
    expect(leadFigure('Hold no longer than 15 minutes.', 'duration')).toBe('15 minutes')
    expect(leadFigure('Cylinders by ASTM C39.', 'reference')).toBeNull()
    expect(leadFigure('Anything', null)).toBeNull()
  })
})
