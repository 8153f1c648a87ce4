// Small documents in the shapes of real feeds and files, written for these tests.
enum XMLFixtures {
  static let rss = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
         xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"
         xmlns:atom="http://www.w3.org/2005/Atom">
      <channel>
        <title>Shop Talk</title>
        <link>https://example.com/</link>
        <atom:link href="https://example.com/feed.xml" rel="self" type="application/rss+xml"/>
        <itunes:author>Ada &amp; Grace</itunes:author>
        <itunes:image href="https://example.com/art.png"/>
        <item>
          <title>Episode 2</title>
          <description><![CDATA[<p>Tools &amp; <b>tricks</b></p>]]></description>
          <guid isPermaLink="false">ep-2</guid>
          <pubDate>Sun, 20 Mar 2016 19:10:54 -0700</pubDate>
          <enclosure url="https://example.com/2.ogg" length="52428800" type="audio/ogg"/>
          <itunes:duration>1:02:03</itunes:duration>
          <media:content url="https://example.com/2-lo.ogg" medium="audio"/>
          <media:content url="https://example.com/2-hi.ogg" medium="audio"/>
          <dc:creator>Ada</dc:creator>
        </item>
        <item>
          <title>Episode 1</title>
          <description>Plain text</description>
          <guid>https://example.com/1</guid>
          <pubDate>Sun, 13 Mar 2016 19:10:54 -0700</pubDate>
        </item>
      </channel>
    </rss>
    """

  static let atom = """
    <feed xmlns="http://www.w3.org/2005/Atom">
      <title>Notes</title>
      <link href="https://example.com/"/>
      <link rel="self" href="https://example.com/atom.xml" type="application/atom+xml"/>
      <entry>
        <id>urn:uuid:1</id>
        <title type="html">Fish &amp;amp; Chips</title>
        <updated>2024-05-01T10:00:00Z</updated>
        <link rel="alternate" href="https://example.com/1"/>
        <link rel="enclosure" href="https://example.com/1.mp3" type="audio/mpeg"/>
        <link rel="enclosure" href="https://example.com/1.ogg" type="audio/ogg"/>
      </entry>
    </feed>
    """

  static let osm = """
    <?xml version='1.0' encoding='UTF-8'?>
    <osm version="0.6" generator="test">
      <bounds minlat="39.5001" minlon="-119.802" maxlat="39.5435" maxlon="-119.7065"/>
      <node id="139980476" lat="39.501273" lon="-119.7858112" version="3"/>
      <node id="139984915" lat="39.5250262" lon="-119.6959307" version="7" visible="false">
        <tag k="highway" v="motorway_junction"/>
        <tag k="ref" v="21"/>
      </node>
      <way id="15283862" version="5">
        <nd ref="139980476"/>
        <nd ref="139984915"/>
        <tag k="highway" v="residential"/>
      </way>
    </osm>
    """

  static let opml = """
    <opml version="2.0">
      <head><title>Subscriptions</title></head>
      <body>
        <outline text="Tech">
          <outline text="Swift" xmlUrl="https://swift.org/atom.xml"/>
          <outline text="Deep">
            <outline text="Deeper" xmlUrl="https://example.com/deeper.xml"/>
          </outline>
        </outline>
        <outline text="Lonely" xmlUrl="https://example.com/lonely.xml"/>
      </body>
    </opml>
    """

  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>CFBundleName</key>
      <string>Foundry</string>
      <key>Build</key>
      <integer>42</integer>
      <key>Ratio</key>
      <real>1.5</real>
      <key>Enabled</key>
      <true/>
      <key>Tags</key>
      <array>
        <string>json</string>
        <string>xml</string>
      </array>
    </dict>
    </plist>
    """
}
