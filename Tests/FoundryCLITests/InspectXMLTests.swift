import Testing

@Suite("foundry inspect, XML")
struct InspectXMLTests {
  static let feed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel>
        <title>Notes</title>
        <link>https://example.com/</link>
        <atom:link href="https://example.com/feed" rel="self"/>
        <item>
          <title>First</title>
          <guid isPermaLink="false">1</guid>
          <dc:creator>Ada</dc:creator>
        </item>
        <item>
          <title>Second</title>
          <guid isPermaLink="false">2</guid>
          <category>swift</category>
          <category>xml</category>
        </item>
        <item>
          <title>Third</title>
          <guid isPermaLink="true">https://example.com/3</guid>
          <category>swift</category>
        </item>
      </channel>
    </rss>
    """

  static let city = """
    <osm version="0.6" generator="test">
      <bounds minlat="51.5" minlon="-0.1" maxlat="51.6" maxlon="0.0"/>
      <node id="1" lat="51.5" lon="-0.1"/>
      <node id="2" lat="51.51" lon="-0.09">
        <tag k="amenity" v="cafe"/>
        <tag k="name" v="Bean"/>
      </node>
      <node id="3" lat="51.52" lon="-0.08">
        <tag k="shop" v="books"/>
      </node>
      <way id="10">
        <nd ref="1"/>
        <nd ref="2"/>
        <nd ref="3"/>
        <tag k="highway" v="footway"/>
      </way>
    </osm>
    """

  @Test func anRSSFeedShowsTheKeyPathsAModelMaps() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.feed, to: "feed.rss")
    #expect(
      foundry("inspect", file)
        == CommandResult(
          status: 0,
          output: """
            // root <rss>, 18 elements, 6 attributes, 4 levels
            // xmlns:atom="http://www.w3.org/2005/Atom"
            // xmlns:dc="http://purl.org/dc/elements/1.1/"
            // elements: rss 1, channel 1, title 4, link 1, atom:link 1, item 3, guid 3, dc:creator 1,
            //   category 3
            {
              @version: string                  // e.g. "2.0"
              channel: {
                title: string                   // e.g. "Notes"
                link: string                    // e.g. "https://example.com/"
                "atom:link": {
                  @href: string                 // e.g. "https://example.com/feed"
                  @rel: string                  // e.g. "self"
                }
                item: [{                        // 3 items
                  title: string                 // e.g. "First"
                  guid: {
                    @isPermaLink: string        // e.g. "false"
                    #text: string               // e.g. "1"
                  }
                  "dc:creator"?: string         // in 1 of 3, e.g. "Ada"
                  category?: string | [string]  // in 2 of 3, 2 items, e.g. "swift"
                }]
              }
            }

            """,
          error: ""
        )
    )
  }

  @Test func anOSMExtractShowsElementsThatRepeatOnlySometimes() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Self.city, to: "city.osm")
    #expect(
      foundry("inspect", file)
        == CommandResult(
          status: 0,
          output: """
            // root <osm>, 13 elements, 27 attributes, 3 levels
            // elements: osm 1, bounds 1, node 3, tag 4, way 1, nd 3
            {
              @version: string    // e.g. "0.6"
              @generator: string  // e.g. "test"
              bounds: {
                @minlat: string   // e.g. "51.5"
                @minlon: string   // e.g. "-0.1"
                @maxlat: string   // e.g. "51.6"
                @maxlon: string   // e.g. "0.0"
              }
              node: [{            // 3 items
                @id: string       // e.g. "1"
                @lat: string      // e.g. "51.5"
                @lon: string      // e.g. "-0.1"
                tag?: [{          // in 2 of 3, 2 items
                  @k: string      // e.g. "amenity"
                  @v: string      // e.g. "cafe"
                }] | {
                  @k: string      // e.g. "shop"
                  @v: string      // e.g. "books"
                }
              }]
              way: {
                @id: string       // e.g. "10"
                nd: [{            // 3 items
                  @ref: string    // e.g. "1"
                }]
                tag: {...}        // same as node[].tag[]
              }
            }

            """,
          error: ""
        )
    )
    let shallow = foundry("inspect", "--depth", "1", "--no-examples", file)
    #expect(
      shallow.output == """
        // root <osm>, 13 elements, 27 attributes, 3 levels
        // elements: osm 1, bounds 1, node 3, tag 4, way 1, nd 3
        {
          @version: string
          @generator: string
          bounds: {...}  // 4 fields
          node: [{...}]  // 3 items, 4 fields
          way: {...}     // 3 fields
        }

        """
    )
  }

  @Test func jsonOutputAddsAnXMLMember() {
    let result = foundry("inspect", "--format", "json", "-", input: #"<r xmlns="urn:d" xmlns:a="urn:a"><a:x a:k="1">t</a:x></r>"#)
    #expect(result.status == 0)
    #expect(
      result.output == """
        {
          "xml": {
            "root": "r",
            "elements": 2,
            "attributes": 1,
            "depth": 2,
            "namespaces": [
              {
                "prefix": null,
                "uri": "urn:d"
              },
              {
                "prefix": "a",
                "uri": "urn:a"
              }
            ],
            "counts": {
              "r": 1,
              "a:x": 1
            }
          },
          "types": {
            "object": 1
          },
          "fields": {
            "a:x": {
              "optional": false,
              "presence": 1,
              "types": {
                "object": 1
              },
              "fields": {
                "@a:k": {
                  "optional": false,
                  "presence": 1,
                  "types": {
                    "string": 1
                  },
                  "example": "1"
                },
                "#text": {
                  "optional": false,
                  "presence": 1,
                  "types": {
                    "string": 1
                  },
                  "example": "t"
                }
              }
            }
          }
        }

        """
    )
  }

  @Test func mixedContentShowsItsOrderedContent() {
    #expect(
      foundry("inspect", "--no-examples", "-", input: "<p>Hi <b>you</b>!</p>").output == """
        // root <p>, 2 elements, 0 attributes, 2 levels
        // elements: p 1, b 1
        {
          b: string
          #text: string
          #content: [string | {  // 3 items
            b: string
          }]
        }

        """
    )
  }

  @Test func malformedXMLExitsOne() {
    let result = foundry("inspect", "-", input: "<a>\n  <b>\n</a>")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("error: end tag '</a>' does not match start tag '<b>'\n--> <stdin>:3:1\n"))
  }
}
