import { readFreightNumber } from "../readers"

describe("readFreightNumber", () => {
  it.each([
    [98765, 98765],
    ["000123", 123],
    [" 42 ", 42],
    [0, 0],
  ])("reads %j as %j", (freightNumber, expected) => {
    expect(readFreightNumber(freightNumber)).toEqual({ value: expected })
  })

  it.each([[-1], [1.5], ["12a"], ["1e3"], [{ id: 1 }], [2 ** 53], ["9007199254740993"]])("refuses %j with a reason", (freightNumber) => {
    expect(readFreightNumber(freightNumber)).toEqual({ reason: expect.stringMatching(/freight_number/) })
  })

  it.each([[null], [undefined], [""], [" "]])("reads %j as nothing, without a reason", (freightNumber) => {
    expect(readFreightNumber(freightNumber)).toBeNull()
  })
})
