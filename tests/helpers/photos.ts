/** Pictures made in tests with sharp, carrying what a phone camera writes into them. */
import sharp from "sharp";

/** A phone photo: a JPEG with the camera's make and model and a GPS position in its EXIF, and XMP. */
export function phonePhoto(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "17/1 23/1 4400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "78/1 28/1 0/1",
      },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
    .toBuffer();
}
