import FoundryJSON
import Foundation
for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
  let data = try! Data(contentsOf: URL(fileURLWithPath: "../shared/corpus/json/" + name))
  var best = 1e9
  var doc: JSONDocument? = nil
  for _ in 0..<20 {
    let t = Date()
    doc = try! JSONDocument(data: data)
    best = min(best, Date().timeIntervalSince(t))
  }
  var bestJS = 1e9
  for _ in 0..<5 {
    let t = Date()
    _ = try! JSONSerialization.jsonObject(with: data)
    bestJS = min(bestJS, Date().timeIntervalSince(t))
  }
  var bestV = 1e9
  for _ in 0..<5 {
    let t = Date()
    _ = doc!.value
    bestV = min(bestV, Date().timeIntervalSince(t))
  }
  let mb = Double(data.count) / 1e6
  print(name, doc!.nodeCount, "parse", Int(mb / best), "MB/s", "value", Int(mb / bestV), "JSONSerialization", Int(mb / bestJS))
}
